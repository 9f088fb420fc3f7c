// Only answered requests spend quota: an access statement that runs after the API's deadline counts nothing and says
// so; the counters are WAL-logged, and the statement's synchronous_commit = off stays inside its own transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { checkAccessBatch, type Bucket } from '../../src/store/repos/access.ts';
import { keyDigest } from '../../src/store/ids.ts';
import { fixture, openTestStore, type TestStore } from './helpers.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

const hits = async (accountId: string) =>
  (
    await t.store.sql<
      { n: number }[]
    >`select coalesce(sum(hits), 0)::int as n from rate_counters where account_id = ${accountId} and bucket = 'detail' and win = 'hour'`
  )[0]!.n;

/** One request's access statement, alone: what the coalescing access check (createAccessCheck) runs for a batch of one. */
const checkAccess = async (sql: Sql, digest: string, bucket: Bucket, projectId: string | undefined, deadline: Date) =>
  (await checkAccessBatch(sql, digest, bucket, [{ projectId }], deadline))[0]!;

describe('the access statement and its deadline', () => {
  it('counts before the deadline, not after it, and reports which', async () => {
    const f = await fixture(t.store, 0);
    const digest = keyDigest(f.key);
    const a = await checkAccess(t.store.sql, digest, 'detail', f.on, new Date(Date.now() + 5000));
    expect(a).toMatchObject({ accountId: f.id, counted: true, project: { id: f.on, apiEnabled: true } });
    expect(await hits(f.id)).toBe(1);
    const late = await checkAccess(t.store.sql, digest, 'detail', f.on, new Date(Date.now() - 1));
    expect(late).toMatchObject({ accountId: f.id, counted: false, windows: [] });
    expect(await hits(f.id)).toBe(1);
    const none = await checkAccess(t.store.sql, digest, 'detail', f.on, new Date(Date.now() + 5000));
    expect(none.counted).toBe(true);
    expect(await hits(f.id)).toBe(2);
  });

  it('an unknown key counts nothing and is not "counted"', async () => {
    const a = await checkAccess(t.store.sql, keyDigest('sk_live_nobody'), 'list', undefined, new Date(Date.now() + 5000));
    expect(a).toEqual({ accountId: null, windows: [], project: undefined, counted: false });
  });

  it('counters are logged (they survive a crash) and async commit does not leak out of the access statement', async () => {
    const [{ p }] = await t.store.sql<{ p: string }[]>`select relpersistence as p from pg_class where relname = 'rate_counters'`;
    expect(p).toBe('p');
    const f = await fixture(t.store, 0);
    const conn = await t.store.sql.reserve();
    try {
      await checkAccess(conn as never, keyDigest(f.key), 'list', undefined, new Date(Date.now() + 5000));
      const [{ s }] = await conn<{ s: string }[]>`select current_setting('synchronous_commit') as s`;
      expect(s).toBe('on');
    } finally {
      conn.release();
    }
  });
});
