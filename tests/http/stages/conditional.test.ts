import { describe, expect, it } from 'vitest';
import { computedResponse, conditional, headOf } from '../../../src/api/http/stages/conditional.ts';

describe('conditional stage', () => {
  it('304 for a 200 whose ETag the client holds (weakly compared, * and lists), whatever the method', () => {
    for (const inm of ['"e"', 'W/"e"', '*', '"x", "e"']) expect(conditional('GET', inm, 200, '"e"')).toBe('not-modified');
    expect(conditional('HEAD', '"e"', 200, '"e"')).toBe('not-modified');
    expect(conditional('GET', '"x"', 200, '"e"')).toBe('whole');
  });

  it('never 304 for another status or an answer without an ETag', () => {
    expect(conditional('GET', '*', 404, '"e"')).toBe('whole');
    expect(conditional('GET', '*', 200, undefined)).toBe('whole');
  });

  it('HEAD gets the headers alone', () => {
    expect(conditional('HEAD', undefined, 200, '"e"')).toBe('headers-only');
    expect(conditional('HEAD', '"x"', 404, undefined)).toBe('headers-only');
  });

  it('a computed answer: JSON with its ETag; 304 without body or type; HEAD with every header', async () => {
    const answer = { body: '{}\n', etag: '"e"', headers: { 'cache-control': 'public, max-age=60' } };
    const whole = computedResponse(new Request('http://x/'), answer);
    expect(whole.status).toBe(200);
    expect(Object.fromEntries(whole.headers)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      etag: '"e"',
      'cache-control': 'public, max-age=60',
    });
    expect(await whole.text()).toBe('{}\n');
    // A cached answer's body is its bytes: the same answer.
    const fromBytes = computedResponse(new Request('http://x/'), { ...answer, body: Buffer.from(answer.body) });
    expect([fromBytes.status, await fromBytes.text(), Object.fromEntries(fromBytes.headers)]).toEqual([
      200,
      '{}\n',
      Object.fromEntries(whole.headers),
    ]);
    const head = computedResponse(new Request('http://x/', { method: 'HEAD' }), answer);
    expect([head.status, head.body, Object.fromEntries(head.headers)]).toEqual([200, null, Object.fromEntries(whole.headers)]);
    const held = computedResponse(new Request('http://x/', { headers: { 'if-none-match': '"e"' } }), answer);
    expect([held.status, held.body, Object.fromEntries(held.headers)]).toEqual([
      304,
      null,
      { etag: '"e"', 'cache-control': 'public, max-age=60' },
    ]);
  });

  it('any other answer loses its body for HEAD only', async () => {
    const error = () => new Response('{"code":"not_found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    const head = headOf(new Request('http://x/', { method: 'HEAD' }), error());
    expect([head.status, head.body, head.headers.get('content-type')]).toEqual([404, null, 'application/json']);
    expect(await headOf(new Request('http://x/'), error()).text()).toBe('{"code":"not_found"}');
  });
});
