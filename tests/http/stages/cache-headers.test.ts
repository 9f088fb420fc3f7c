import { describe, expect, it } from 'vitest';
import { CACHE, NO_STORE } from '../../../src/model/endpoints/cache-policy.ts';
import { cacheHeaders } from '../../../src/request/api/http/stages/cache-headers.ts';
import { baseHeaders } from '../../../src/request/api/http/stages/base-headers.ts';
import { DATA_SECURITY } from '../../../src/model/core/security-headers.ts';
import { OPEN_CORS } from '../../../src/request/api/http/cors.ts';

describe('cache headers stage', () => {
  it("the policy's success headers for a 2xx or 304, brief ones for a 4xx, none stored for a 5xx", () => {
    expect(cacheHeaders(CACHE.public, 200)).toBe(CACHE.public.ok);
    expect(cacheHeaders(CACHE.keyed, 304)).toBe(CACHE.keyed.ok);
    expect(cacheHeaders(CACHE.public, 404)).toBe(CACHE.public.error);
    expect(cacheHeaders(CACHE.public, 503)).toBe(NO_STORE);
  });

  it('where no endpoint is, a failure is never stored and a success has no policy of its own', () => {
    expect(cacheHeaders(undefined, 404)).toBe(NO_STORE);
    expect(cacheHeaders(undefined, 200)).toEqual({});
  });
});

describe('base headers', () => {
  it("security on every API, open CORS on the public one, then the API's own", () => {
    expect(baseHeaders('public', undefined, undefined)).toEqual({ ...DATA_SECURITY, ...OPEN_CORS });
    expect(baseHeaders('content', { handlers: {}, headers: () => ({ vary: 'Authorization' }) }, undefined)).toEqual({
      ...DATA_SECURITY,
      vary: 'Authorization',
    });
  });
});
