// The access check's lane (repos/access.ts) never waits on a statement past its deadline: on a connection that stops
// answering (a broken protocol stream, a frozen pooler), the requests of that key fail at their deadlines instead of
// queueing behind it for ever, the statement is cancelled, and when it ignores its cancel the pool is renewed, so
// the key's next request is answered on a fresh connection, within seconds, without a restart.
// The connection is broken on purpose by a TCP relay in front of the test's store that stops passing the server's
// bytes on the connections open at the time of freeze(); new connections pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect } from '../../src/store/open-store.ts';
import { createAccessCheck } from '../../src/store/repos/access.ts';
import { type StoreRelay, storeRelay, strayRejections } from '../helpers/store-relay.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';

let t: TestStore;
let freezing: StoreRelay;
const pairs: { frozen: boolean }[] = [];

beforeAll(async () => {
  t = await openTestStore();
  freezing = await storeRelay(t.url, (client, server) => {
    const pair = { frozen: false };
    pairs.push(pair);
    client.on('data', (b) => server.write(b));
    server.on('data', (b) => {
      if (!pair.frozen) client.write(b);
    });
    const end = () => {
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
  });
});
afterAll(async () => {
  freezing?.close();
  await t?.close();
});

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value, at: Date.now() }),
    (error: unknown) => ({ ok: false as const, error, at: Date.now() }),
  );

describe('the access check on a connection that stops answering', () => {
  it('fails each request at its own deadline, then answers on a fresh pool within seconds', { timeout: 20_000 }, async () => {
    const sql = connect(freezing.url, 1, readConfig());
    try {
      const checkAccess = createAccessCheck(sql);
      const digest = 'a'.repeat(64);
      const first = await checkAccess(digest, 'list', {}, new Date(Date.now() + 5000));
      expect(first).toMatchObject({ accountId: null });

      for (const p of pairs) p.frozen = true;
      const t0 = Date.now();
      const [a, b] = await Promise.all([
        settle(checkAccess(digest, 'list', {}, new Date(t0 + 400))),
        settle(checkAccess(digest, 'list', {}, new Date(t0 + 900))), // queued in the lane behind the first
      ]);
      expect(a.ok).toBe(false);
      expect(a.at - t0).toBeLessThan(400 + 500);
      expect(b.ok).toBe(false);
      expect(b.at - t0).toBeLessThan(900 + 500);

      // The frozen connection ignores the cancel; after its grace (2.25 s past a deadline) the pool is renewed.
      const t1 = Date.now();
      let answered: number | undefined;
      while (Date.now() - t1 < 8000) {
        const r = await settle(checkAccess(digest, 'list', {}, new Date(Date.now() + 1000)));
        if (r.ok) {
          answered = Date.now() - t1;
          break;
        }
      }
      expect(answered, 'answered again on a fresh pool').toBeDefined();
      expect(answered!).toBeLessThan(5000);
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it('lives on when the cancel request itself is refused (a pooler that went down with the statement in flight)', {
    timeout: 20_000,
  }, async () => {
    // A relay of this test's own that, once frozen, also refuses new connections: the cancel cannot reach anyone.
    const relay = await storeRelay(t.url, (client, server, listener) => {
      client.on('data', (b) => server.write(b));
      server.on('data', (b) => {
        if (listener.listening) client.write(b);
      });
    });
    const sql = connect(relay.url, 1, readConfig());
    const stray = strayRejections();
    try {
      const checkAccess = createAccessCheck(sql);
      const digest = 'b'.repeat(64);
      await checkAccess(digest, 'list', {}, new Date(Date.now() + 5000));
      relay.server.close(); // from now on: the open connection's replies are held, and new connections refused
      const pending = settle(checkAccess(digest, 'list', {}, new Date(Date.now() + 300)));
      expect((await pending).ok).toBe(false);
      // The cancel fires 250 ms past the deadline and is refused; its failure is the access check's own to swallow.
      await new Promise((r) => setTimeout(r, 1500));
      expect(stray.list).toEqual([]);
    } finally {
      stray.stop();
      relay.close();
      await sql.end({ timeout: 0 });
    }
  });
});
