// Issue 45: an answer is checked against its caller before it leaves. The store below is real, and so is every
// statement; what is faked is the fault: the driver handing a statement's reply to another request (through a
// transaction pooler it did, in order, one reply off). Here a statement runs with another account's id, key digest or
// project in place of the caller's, so its rows are another account's: each answer is 503 `unavailable`, one alarm line
// names the route, and nothing of the rows is served.
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyDigest } from '../../src/store/ids.ts';
import { ownRows } from '../../src/store/own-rows.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';

let t: TestStore;
let A: Awaited<ReturnType<typeof fixture>>;
let B: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  t = await openTestStore();
  A = await fixture(t.store, 2);
  B = await fixture(t.store, 2);
  await publishArticle(t.store.sql, B.on, articleInput('post-tagged', 'Tagged', { tags: ['bravo'] }));
});
afterAll(async () => {
  await t?.close();
});

/**
 * The store's client, with `to` given to the server wherever the caller passed `from` as a value (the access check passes
 * project ids as arrays, so it still finds the caller's project).
 */
function crossed(sql: Sql, from: string, to: string): Sql {
  return new Proxy(sql, {
    apply: (target, self, [strings, ...values]: unknown[]) =>
      Reflect.apply(target, self, [strings, ...values.map((v) => (v === from ? to : v))]),
  });
}

async function caught(sql: Sql, path: string, key: string) {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await api(t.store, { sql })(path, bearer(key));
    return { res, lines: errors.mock.calls.map((c) => String(c[0])) };
  } finally {
    errors.mockRestore();
  }
}

describe("45: a reply that is not the caller's is never served", () => {
  it("another account's projects: 503 unavailable and one alarm naming the route, never the rows", async () => {
    const { res, lines } = await caught(crossed(t.store.sql, A.id, B.id), '/v1/projects', A.key);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 'unavailable', message: expect.any(String) });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.text).not.toContain(B.on);
    expect(lines).toEqual([expect.stringMatching(/^ALARM content API: GET \/v1\/projects: /)]);
    expect(lines[0]).not.toContain(B.on);
    expect(lines[0]).not.toContain(B.id);
  });

  it("another project's cards, tags and sync changes: 503 and the alarm, each", async () => {
    for (const path of [`/v1/articles?projectId=${A.on}`, `/v1/tags?projectId=${A.on}`, `/v1/sync?projectId=${A.on}`]) {
      const { res, lines } = await caught(crossed(t.store.sql, A.on, B.on), path, A.key);
      expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status: 503, code: 'unavailable' });
      expect(res.text).not.toContain('post-');
      expect(lines).toEqual([expect.stringContaining(`ALARM content API: GET ${path.split('?')[0]}: `)]);
    }
  });

  it("the access check's row of another key: 503, not 401 (the key's row must be the key's)", async () => {
    const sql = crossed(t.store.sql, keyDigest(A.key), keyDigest(B.key));
    const { res, lines } = await caught(sql, `/v1/articles?projectId=${A.on}`, A.key);
    expect(res.status).toBe(503);
    expect(lines).toEqual([expect.stringContaining('ALARM content API: GET /v1/articles: ')]);
  });

  it('an article row of another project: 503', async () => {
    const [row] = await t.store.sql<{ id: string }[]>`select id from articles where project_id = ${B.on} limit 1`;
    await t.store.sql`delete from article_answers`; // no stored answer: the row is read on its own
    const [mine] = await t.store.sql<{ id: string }[]>`select id from articles where project_id = ${A.on} and slug = ${A.slugs[0]!}`;
    const swapped = crossed(crossed(t.store.sql, A.on, B.on), mine!.id, row!.id);
    const { res, lines } = await caught(swapped, `/v1/articles/${A.slugs[0]}?projectId=${A.on}`, A.key);
    expect(res.status).toBe(503);
    expect(lines).toEqual([expect.stringContaining(`ALARM content API: GET /v1/articles/${A.slugs[0]}: `)]);
  });

  it("answers as before when the rows are the caller's (no alarm)", async () => {
    const res = await api(t.store)(`/v1/articles?projectId=${A.on}`, bearer(A.key));
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(2);
  });

  it('ownRows refuses a row without its owner, or of another', () => {
    expect(() => ownRows([{ owner: 'a' }, { owner: 'b' }], 'a', 'x')).toThrow(/not this request's/);
    expect(() => ownRows([{ id: 1 } as { owner?: string }], 'a', 'x')).toThrow(/not this request's/);
    expect(ownRows([{ owner: 'a' }], 'a', 'x')).toEqual([{ owner: 'a' }]);
  });
});
