// A broken connection never leaves the store broken: renewPool closes the pool in use (its statements rejected as a
// lost connection, which the content API answers with 503) and the next statements run on a fresh pool; renewals are
// at most one per 5 s. A reply the driver could not read, and a cancelled or timed-out statement, are 503s too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect } from '../../src/store/open-store.ts';
import { isProtocolError, renewPool } from '../../src/store/renewable-pool.ts';
import { isStoreUnavailable } from '../../src/request/api/content/errors.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

describe('renewPool', () => {
  it('ends the pool in use and goes on with a fresh one; at most once per 5 s', async () => {
    const sql = connect(t.url, 2, readConfig());
    try {
      const [before] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const stuck = sql`select pg_sleep(30)`.then(
        () => undefined,
        (err: unknown) => err,
      );
      await new Promise((r) => setTimeout(r, 200));
      const t0 = Date.now();
      expect(renewPool(sql, 'a test')).toBe(true);
      const err = await stuck;
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(err).toMatchObject({ code: 'CONNECTION_DESTROYED' });
      expect(isStoreUnavailable(err)).toBe(true);
      const [after] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(after!.pid).not.toBe(before!.pid);
      expect(renewPool(sql, 'again at once')).toBe(false);
      const [still] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(still!.pid).toBe(after!.pid);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('is false for a pool it did not make', () => {
    expect(renewPool({} as never, 'not one')).toBe(false);
  });
});

describe('errors of the driver', () => {
  it('takes an error raised while reading a reply (it carries the query) for a protocol error, and answers 503', () => {
    const read = Object.defineProperty(new RangeError('The value of "offset" is out of range.'), 'query', { value: 'select 1' });
    expect(isProtocolError(read)).toBe(true);
    expect(isStoreUnavailable(read)).toBe(true);
    const ours = new RangeError('a bug of ours');
    expect(isProtocolError(ours)).toBe(false);
    expect(isStoreUnavailable(ours)).toBe(false);
  });

  it('answers 503 for a cancelled or timed-out statement (57014), as a real one gives it', async () => {
    const sql = connect(t.url, 1, readConfig());
    try {
      const q = sql`select pg_sleep(10)`;
      const err = q.then(
        () => undefined,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 200));
      q.cancel();
      expect(await err).toMatchObject({ code: '57014' });
      expect(isStoreUnavailable(await err)).toBe(true);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
