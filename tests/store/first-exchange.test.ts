// A connection of the store's pool (open-store.ts, connect) that the server or pooler closes right after it
// connected, with the server then refusing connections: a pooler killed at that moment. Its statement fails like
// any other on a lost connection, and nothing else does. postgres.js's own first exchange on a connection (the
// array types it fetches) had no one to hear its failure: a refused reconnect rejected it, an unhandled rejection,
// and Node ended the process (a CI run of pooler-faults: "connect ECONNREFUSED"). patches/postgres+3.4.9.patch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect } from '../../src/store/open-store.ts';
import { storeRelay, strayRejections } from '../helpers/store-relay.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** PostgreSQL's ReadyForQuery, idle: the end of a connection's startup. */
const READY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

describe('a connection closed after its startup, reconnects refused', () => {
  it('fails its statement and leaves no rejection unheard', { timeout: 20_000 }, async () => {
    // Relays the startup; at the client's first message after it, closes the client's end cleanly and stops
    // listening, so the driver's reconnect is refused.
    const relay = await storeRelay(t.url, (client, server, listener) => {
      let started = false;
      client.on('data', (b) => {
        if (!started) return server.write(b);
        listener.close();
        client.end();
        server.destroy();
      });
      server.on('data', (b: Buffer) => {
        if (b.includes(READY)) started = true;
        client.write(b);
      });
    });
    const sql = connect(relay.url, 1, readConfig());
    const stray = strayRejections();
    try {
      const failed = await sql`select 1 as one`.then(
        () => undefined,
        (err: { code?: string }) => err.code,
      );
      expect(['CONNECTION_CLOSED', 'ECONNREFUSED']).toContain(failed);
      await new Promise((r) => setTimeout(r, 500));
      expect(stray.list).toEqual([]);
    } finally {
      stray.stop();
      relay.close();
      await sql.end({ timeout: 0 });
    }
  });
});
