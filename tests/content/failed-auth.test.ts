// Junk keys cost the store nothing: a key that cannot be ours by its shape is refused before any SQL, and an address
// that keeps failing is refused (429) before a key without check digits is looked up, through the adapter `npm start`
// uses. Someone else's junk never locks a valid key out of the same address.
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, type TestStore } from './helpers.ts';
import { createContentApi } from '../../src/api/content/create-content-api.ts';
import { FAILED_AUTH_LIMIT, readConfig } from '../../src/config.ts';
import { listen } from '../../src/origin/serve.ts';
import { isKeyShaped, isLegacyKey, keyDigest, keyHint, newId } from '../../src/store/ids.ts';

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

  it('answers a valid key normally from an address that sent 100 junk keys, and the junk costs no statement', async () => {
    const f = await fixture(t.store, 1);
    expect([isKeyShaped(f.key), isLegacyKey(f.key)]).toEqual([true, false]);
    const { sql, count } = counting();
    const server = await listen(createContentApi({ sql, config: readConfig() }), 0, '127.0.0.1');
    const get = (key: string) => fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      const statements = count();
      // Random strings, a typo, and keys of today's shape whose check digits do not hold.
      const junk = [
        'nope',
        'sk_live_short',
        `sk_live_${'Z'.repeat(48)}`,
        `${f.key.slice(0, -1)}${f.key.endsWith('A') ? 'B' : 'A'}`,
        f.key.slice(1),
      ];
      const answers = [];
      for (let i = 0; i < 100; i++) answers.push((await get(junk[i % junk.length]!)).status);
      expect(answers.slice(0, FAILED_AUTH_LIMIT.windowLimit)).toEqual(Array(FAILED_AUTH_LIMIT.windowLimit).fill(401));
      expect(answers.slice(FAILED_AUTH_LIMIT.windowLimit)).toEqual(Array(100 - FAILED_AUTH_LIMIT.windowLimit).fill(429));
      expect(count()).toBe(statements);
      const valid = await get(f.key);
      expect(valid.status).toBe(200);
      expect((await valid.json()).data.items).toHaveLength(2);
      // A key with check digits that holds but is no one's is looked up (one statement) and refused.
      const zeros = Buffer.alloc(32);
      const check = Buffer.alloc(4);
      check.writeUInt32BE(crc32(zeros));
      const forged = `sk_live_${Buffer.concat([zeros, check]).toString('base64url')}`;
      expect(isKeyShaped(forged)).toBe(true);
      const afterValid = count();
      expect((await get(forged)).status).toBe(401);
      expect(count()).toBeGreaterThan(afterValid);
    } finally {
      await server.close();
    }
  });

  it('lets a key made before check digits through the limit once this process has seen it valid', async () => {
    const f = await fixture(t.store, 0);
    // A key of the old shape, without check digits, as accounts created before them hold.
    const legacy = `sk_live_${'L'.repeat(42)}${'abcdefgh'[Math.floor(Math.random() * 8)]}`;
    expect(isLegacyKey(legacy)).toBe(true);
    await t.store
      .sql`insert into api_keys (id, account_id, digest, hint) values (${newId('key')}, ${f.id}, ${keyDigest(legacy)}, ${keyHint(legacy)})`;
    const server = await listen(createContentApi({ sql: t.store.sql, config: readConfig() }), 0, '127.0.0.1');
    const get = (key: string) => fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      expect((await get(legacy)).status).toBe(200);
      for (let i = 0; i < FAILED_AUTH_LIMIT.windowLimit; i++) expect((await get('junk')).status).toBe(401);
      expect((await get('junk')).status).toBe(429);
      expect((await get(legacy)).status).toBe(200);
      // Another old-shaped key, never seen valid here, waits like the junk.
      expect((await get(`sk_live_${'M'.repeat(43)}`)).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
