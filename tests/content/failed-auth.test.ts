// Junk keys cost the store nothing: a key that cannot be ours by its shape is refused before any SQL, and an address
// that keeps failing is refused (429) before any key is looked at, through the adapter `npm start` uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, type TestStore } from './helpers.ts';
import { createContentApi } from '../../src/api/content/create-content-api.ts';
import { FAILED_AUTH_LIMIT, readConfig } from '../../src/config.ts';
import { listen } from '../../src/origin/serve.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** Counts the statements the API sends to the store. */
function counting() {
  let statements = 0;
  const sql = new Proxy(t.store.sql, {
    apply: (target, self, args) => {
      statements++;
      return Reflect.apply(target, self, args as never);
    },
  });
  return { sql, count: () => statements };
}

describe('failed authentications', () => {
  it('refuses a malformed key without a statement, and an address past the limit with 429 before any lookup', async () => {
    const f = await fixture(t.store, 1);
    const { sql, count } = counting();
    const server = await listen(createContentApi({ sql, config: readConfig() }), 0, '127.0.0.1');
    const get = (key: string) => fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      expect((await get(f.key)).status).toBe(200);
      const before = count();
      const junk = await get('sk_wrong');
      expect(junk.status).toBe(401);
      expect(count()).toBe(before);
      // A well-formed unknown key costs one lookup; failures from one address are counted, whatever the key.
      const wellFormed = `sk_live_${'A'.repeat(43)}`;
      for (let i = 1; i < FAILED_AUTH_LIMIT.windowLimit; i++) expect((await get(i % 2 ? 'nope' : wellFormed)).status).toBe(401);
      const blocked = await get(wellFormed);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many failed authentications from this address; retry in \d+ s\.$/),
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      const statements = count();
      for (let i = 0; i < 50; i++) expect((await get(`sk_live_${String(i).padStart(43, 'x')}`)).status).toBe(429);
      expect(count()).toBe(statements);
    } finally {
      await server.close();
    }
  });
});
