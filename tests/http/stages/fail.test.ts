import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/request/api/http/api-error.ts';
import { CACHE } from '../../../src/model/endpoints/cache-policy.ts';
import { fail } from '../../../src/request/api/http/stages/fail.ts';

const GET = new Request('http://x/');
afterEach(() => {
  vi.restoreAllMocks();
});

describe('errors stage', () => {
  it("an ApiError is {code, message} with its own headers over the base and the policy's error headers", async () => {
    const res = fail(GET, new ApiError(404, 'not_found', 'No x found.', { 'x-own': '1' }), { 'x-base': '1' }, CACHE.public, undefined);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: 'No x found.' });
    expect(res.headers.get('x-base')).toBe('1');
    expect(res.headers.get('x-own')).toBe('1');
    expect(res.headers.get('cache-control')).toBe(CACHE.public.error['cache-control']);
  });

  it("the API maps its store's failure first; anything unknown is a 500 that leaks nothing and is never stored", async () => {
    const mapped = fail(GET, new Error('ECONNREFUSED'), {}, CACHE.keyed, { mapError: () => new ApiError(503, 'unavailable', 'Down.') });
    expect([mapped.status, mapped.headers.get('cache-control')]).toEqual([503, 'no-store']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = fail(GET, new Error('select * from secrets'), {}, CACHE.public, undefined);
    expect(unknown.status).toBe(500);
    expect(await unknown.text()).not.toContain('secrets');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('HEAD gets the same headers and no body', () => {
    const res = fail(new Request('http://x/', { method: 'HEAD' }), new ApiError(400, 'invalid_query', 'Bad.'), {}, CACHE.public, undefined);
    expect([res.status, res.body, res.headers.get('content-type')]).toEqual([400, null, 'application/json; charset=utf-8']);
  });
});
