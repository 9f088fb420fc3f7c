// The authenticated API's real answers, from a real store, against the same document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/request/machine/openapi/openapi-document.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { api, bearer, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { responseValidator } from './openapi-validator.ts';

let t: TestStore;
let get: ReturnType<typeof api>;
let A: Awaited<ReturnType<typeof fixture>>;
const validate = responseValidator(JSON.parse(JSON.stringify(openApiDocument('http://localhost:4321', limitsFrom(readConfig())))));

beforeAll(async () => {
  t = await openTestStore();
  get = api(t.store, { limits: { list: { hour: 3, day: 100 }, detail: { hour: 100, day: 100 } } });
  A = await fixture(t.store, 3);
});
afterAll(async () => {
  await t?.close();
});

describe('content API responses validate against the OpenAPI document', () => {
  it('200s, 304, and every error the routes declare', async () => {
    const cases: [string, string, Record<string, string>, number][] = [
      ['/v1/articles/:slug', `/v1/articles/${A.slugs[0]}?projectId=${A.on}`, { 'x-api-key': A.key }, 200],
      ['/v1/articles/:slug', `/v1/articles/nope?projectId=${A.on}`, bearer(A.key), 404],
      ['/v1/articles/:slug', `/v1/articles/${A.slugs[0]}?projectId=${A.off}`, bearer(A.key), 403],
      ['/v1/articles/:slug', `/v1/articles/${A.slugs[0]}`, bearer(A.key), 400],
      ['/v1/projects', '/v1/projects', {}, 401],
      ['/v1/projects', '/v1/projects', bearer(A.key), 200],
      ['/v1/articles', `/v1/articles?projectId=${A.on}&limit=2&sort=title&order=asc`, bearer(A.key), 200],
      ['/v1/articles', `/v1/articles?projectId=prj_nope`, bearer(A.key), 404],
      ['/v1/articles', `/v1/articles?projectId=${A.on}`, bearer(A.key), 429],
    ];
    for (const [pattern, path, headers, status] of cases) {
      const r = await get(path, headers);
      expect(r.status, `${path} ${r.text}`).toBe(status);
      expect(validate(pattern, status, r.body), path).toEqual([]);
      if (status === 200) for (const h of ['etag', 'cache-control', 'ratelimit-policy']) expect(r.headers.get(h), h).toBeTruthy();
      if (status === 429) expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    }
  });
});
