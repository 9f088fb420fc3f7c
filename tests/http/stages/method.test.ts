import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/request/api/http/api-error.ts';
import { method } from '../../../src/request/api/http/stages/method.ts';

const rule = { allow: ['GET', 'HEAD', 'OPTIONS'], cors: false, headers: { 'x-base': '1' } };
const req = (m: string) => new Request('http://x/v1/projects', { method: m });

describe('method stage', () => {
  it('lets a declared method go on', () => {
    expect(method(req('GET'), rule)).toBeUndefined();
    expect(method(req('HEAD'), rule)).toBeUndefined();
  });

  it('answers OPTIONS with 204 and Allow, or with the open preflight where CORS is', () => {
    const res = method(req('OPTIONS'), rule)!;
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toEqual({ 'x-base': '1', allow: 'GET, HEAD, OPTIONS' });
    const open = method(req('OPTIONS'), { ...rule, cors: true })!;
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses another method with 405, Allow and the methods in words', () => {
    let thrown: unknown;
    try {
      method(req('DELETE'), rule);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      status: 405,
      code: 'method_not_allowed',
      message: 'DELETE is not allowed here; use GET or HEAD.',
      headers: { allow: 'GET, HEAD, OPTIONS' },
    });
  });

  it('refuses nothing where no endpoint is (the 404 comes later)', () => {
    expect(method(req('DELETE'), { ...rule, refuse: false })).toBeUndefined();
  });
});
