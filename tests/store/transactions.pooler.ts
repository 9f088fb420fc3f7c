// Transactions through PgBouncer in transaction mode, where the store sends one statement at a time per connection
// and runs a transaction on a reserved connection (renewable-pool.ts): all of a transaction's statements run in one
// server transaction, an error rolls it back whole, a transaction-scoped advisory lock makes concurrent ones take
// turns, and nothing of one leaks into the next (set_config(..., true) ends with it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { openStore, type Store } from '../../src/store/open-store.ts';
import { inTx } from '../../src/store/tx.ts';
import { withDatabase } from '../helpers/global-store.ts';
import { ownDatabase, poolerEnv } from './pooler-env.ts';

let db: Awaited<ReturnType<typeof ownDatabase>>;
let store: Store;

beforeAll(async () => {
  db = await ownDatabase('tx');
  store = await openStore({ config: readConfig(), databaseUrl: withDatabase(poolerEnv().pooledUrl, db.name), max: 4 });
  await store.sql`create table tx_probe (n int, at text)`;
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('transactions through PgBouncer in transaction mode', () => {
  it('runs every statement of a transaction in one server transaction, beside other traffic', async () => {
    const noise = Array.from({ length: 40 }, () => store.sql`select pg_backend_pid() as pid`);
    const seen = await inTx(store.sql, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const [r] = await tx<{ id: string }[]>`select txid_current()::text || ':' || pg_backend_pid() as id`;
        ids.push(r!.id);
      }
      return ids;
    });
    await Promise.all(noise);
    expect(new Set(seen).size).toBe(1);
  });

  it('rolls a failed transaction back whole, and the pool goes on', async () => {
    await expect(
      inTx(store.sql, async (tx) => {
        await tx`insert into tx_probe (n, at) values (1, 'rolled back')`;
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await expect(inTx(store.sql, (tx) => tx`select 1/0`)).rejects.toMatchObject({ code: '22012' });
    expect(await store.sql`select * from tx_probe`).toHaveLength(0);
    expect((await store.sql<{ one: number }[]>`select 1 as one`)[0]!.one).toBe(1);
  });

  it('makes concurrent transactions take turns on a transaction-scoped advisory lock', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        inTx(store.sql, async (tx) => {
          await tx`select pg_advisory_xact_lock(4242)`;
          const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from tx_probe`;
          await tx`select pg_sleep(0.01)`;
          await tx`insert into tx_probe (n, at) values (${n! + 1}, ${`tx ${i}`})`;
        }),
      ),
    );
    const rows = await store.sql<{ n: number }[]>`select n from tx_probe order by n`;
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('keeps a transaction-scoped setting inside its transaction', async () => {
    const inside = await inTx(store.sql, async (tx) => {
      await tx`select set_config('application_name', 'inside-tx', true)`;
      return (await tx<{ v: string }[]>`select current_setting('application_name') as v`)[0]!.v;
    });
    expect(inside).toBe('inside-tx');
    const after = await Promise.all(
      Array.from({ length: 8 }, () => store.sql<{ v: string }[]>`select current_setting('application_name') as v`),
    );
    expect(after.map((r) => r[0]!.v)).not.toContain('inside-tx');
  });
});
