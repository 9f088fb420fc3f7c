// Issue 45: pipelining and named prepared statements only on a connection the server proves direct. A pool starts
// pooler-safe and is promoted when the server reports the very address and port connected to; through anything between
// (here a TCP relay, as a pooler or a proxy would be) it stays pooler-safe, whatever SKRIBRA_DB_POOLER=0 says, and
// logs one line. A transaction begun before the promotion finishes on its own connection.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect, modeDecided } from '../../src/store/open-store.ts';
import { proveServer } from '../../src/store/prove-server.ts';
import { storeRelay, type StoreRelay } from '../helpers/store-relay.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';

let t: TestStore;
let relay: StoreRelay;
beforeAll(async () => {
  t = await openTestStore();
  relay = await storeRelay(t.url, (client, server) => client.pipe(server).pipe(client));
});
afterAll(async () => {
  relay?.close();
  await t?.close();
});

/** Whether the pool behind `sql` now prepares statements (the fast mode; it pipelines then too). */
const prepares = (sql: ReturnType<typeof connect>) => (sql.options as { prepare: boolean }).prepare;

describe('45: the store proves the server before it pipelines', () => {
  it('a direct connection is proven and promoted', async () => {
    expect(await proveServer(t.url, 5)).toMatchObject({ direct: true });
    const sql = connect(t.url, 2, readConfig());
    try {
      expect(prepares(sql)).toBe(false);
      await modeDecided(sql);
      expect(prepares(sql)).toBe(true);
      expect((await sql`select 1 as one`)[0]!.one).toBe(1);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('through something between, it stays pooler-safe: SKRIBRA_DB_POOLER=0 is overridden with one line', async () => {
    const proof = await proveServer(relay.url, 5);
    expect(proof.direct).toBe(false);
    expect(proof.detail).toMatch(/^connected to 127\.0\.0\.1:\d+, the server reports 127\.0\.0\.1:\d+$/);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sql = connect(relay.url, 2, { ...readConfig(), SKRIBRA_DB_POOLER: false });
    try {
      await modeDecided(sql);
      expect(prepares(sql)).toBe(false);
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/^store: SKRIBRA_DB_POOLER=0 overridden: connected to 127\.0\.0\.1:\d+, the server reports /),
      ]);
    } finally {
      errors.mockRestore();
      await sql.end({ timeout: 1 });
    }
  });

  it('a declared pooler is not asked', async () => {
    const sql = connect(`${relay.url}?pgbouncer=true`, 2, readConfig());
    try {
      await modeDecided(sql);
      expect(prepares(sql)).toBe(false);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('transactions begun before the promotion finish on their connections, none left waiting', { timeout: 60_000 }, async () => {
    for (let i = 0; i < 20; i++) {
      const sql = connect(t.url, 2, readConfig());
      const runs = Array.from({ length: 3 }, (_, k) =>
        sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${4242 + k})`;
          await tx`select pg_sleep(0.01)`;
          return (await tx`select ${k}::int as k`)[0]!.k;
        }),
      );
      expect(await Promise.all(runs)).toEqual([0, 1, 2]);
      await modeDecided(sql);
      expect(await sql.begin(async (tx) => (await tx`select 7 as n`)[0]!.n)).toBe(7);
      await sql.end({ timeout: 5 });
    }
  });
});
