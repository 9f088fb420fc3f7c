// Junk keys cost the store nothing: a key that cannot be ours by its shape is refused before any SQL, and an address
// that keeps failing is refused (429) before any key is looked up, whatever its shape, through the adapter `npm start`
// uses. Someone else's junk never locks a key this process has seen valid out of the same address. The two key
// headers follow one rule: Authorization, when present, decides.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, openTestStore, type TestStore } from './helpers.ts';
import { createContentApi } from '../../src/request/api/content/create-content-api.ts';
import { FAILED_AUTH_LIMIT, readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { isKeyShaped, isLegacyKey, keyDigest, keyHint, newId } from '../../src/store/ids.ts';
import { revokeKeys } from '../../src/store/repos/accounts.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** A key of today's shape whose check digits hold, of random bytes: no one's. */
function checkedKey(): string {
  const random = randomBytes(32);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(random));
  return `sk_live_${Buffer.concat([random, check]).toString('base64url')}`;
}

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

  it('answers a key seen valid normally from an address that then sent 100 junk keys, and the junk costs no statement', async () => {
    const f = await fixture(t.store, 1);
    expect([isKeyShaped(f.key), isLegacyKey(f.key)]).toEqual([true, false]);
    const { sql, count } = counting();
    const server = await listen(createContentApi({ sql, config: readConfig() }), 0, '127.0.0.1');
    const get = (key: string) => fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      expect((await get(f.key)).status).toBe(200);
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
      // Check digits that hold are no pass: past the limit a key no one has proven here waits like the junk.
      const afterValid = count();
      expect((await get(checkedKey())).status).toBe(429);
      expect(count()).toBe(afterValid);
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
  it('50.3: unknown keys with valid check digits count as failures: the address gets 429 at the limit, and no lookup past it', async () => {
    const f = await fixture(t.store, 0);
    const { sql, count } = counting();
    const server = await listen(createContentApi({ sql, config: readConfig() }), 0, '127.0.0.1');
    const get = (key: string) => fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      // The probe of the issue: 40 random keys whose check digits hold, from one address.
      const answers: number[] = [];
      const lookups: number[] = [];
      for (let i = 0; i < 40; i++) {
        const before = count();
        const key = checkedKey();
        expect(isKeyShaped(key)).toBe(true);
        answers.push((await get(key)).status);
        lookups.push(count() - before);
      }
      const limit = FAILED_AUTH_LIMIT.windowLimit;
      expect(answers).toEqual([...Array(limit).fill(401), ...Array(40 - limit).fill(429)]);
      // Each refused one cost its lookup; past the limit none does.
      expect(lookups.slice(0, limit).every((n) => n > 0)).toBe(true);
      expect(lookups.slice(limit)).toEqual(Array(40 - limit).fill(0));
      const blocked = await get(checkedKey());
      expect(await blocked.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // A valid key this process has not seen waits as well (the limit is the address's); a proven one is answered.
      expect((await get(f.key)).status).toBe(429);
    } finally {
      await server.close();
    }
    const fresh = await listen(createContentApi({ sql: t.store.sql, config: readConfig() }), 0, '127.0.0.1');
    const getFresh = (key: string) => fetch(`http://127.0.0.1:${fresh.port}/v1/projects`, { headers: { authorization: `Bearer ${key}` } });
    try {
      expect((await getFresh(f.key)).status).toBe(200);
      for (let i = 0; i < FAILED_AUTH_LIMIT.windowLimit; i++) expect((await getFresh(checkedKey())).status).toBe(401);
      expect((await getFresh(checkedKey())).status).toBe(429);
      expect((await getFresh(f.key)).status).toBe(200);
      // A proven key that is revoked is refused at its next lookup and forgotten: past the limit it waits like the rest.
      await revokeKeys(t.store.sql, f.id);
      expect((await getFresh(f.key)).status).toBe(401);
      expect((await getFresh(f.key)).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('50.10: Authorization, when present, decides: a malformed or non-Bearer one is 401 beside a valid X-Api-Key', async () => {
    const one = await fixture(t.store, 0);
    const two = await fixture(t.store, 0);
    const server = await listen(createContentApi({ sql: t.store.sql, config: readConfig() }), 0, '127.0.0.1');
    const get = async (headers: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${server.port}/v1/projects`, { headers });
      return { status: res.status, body: await res.json() };
    };
    const projectsOf = (body: { data: { items: { id: string }[] } }) => body.data.items.map((p) => p.id).sort();
    try {
      for (const authorization of ['Basic x', 'Bearer', 'Bearer ', `Bearer ${one.key} extra`, `Token ${one.key}`, one.key]) {
        const res = await get({ authorization, 'x-api-key': two.key });
        expect(res, authorization).toEqual({ status: 401, body: { code: 'unauthorized', message: expect.any(String) } });
      }
      expect(projectsOf((await get({ 'x-api-key': two.key })).body)).toEqual([two.on, two.off].sort());
      expect(projectsOf((await get({ authorization: `Bearer ${one.key}`, 'x-api-key': two.key })).body)).toEqual([one.on, one.off].sort());
      expect(projectsOf((await get({ authorization: `bearer ${one.key}` })).body)).toEqual([one.on, one.off].sort());
    } finally {
      await server.close();
    }
  });
});
