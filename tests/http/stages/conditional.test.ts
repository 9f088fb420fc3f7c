import { describe, expect, it } from 'vitest';
import { computedResponse } from '../../../src/request/api/http/stages/conditional.ts';

// The decision itself (and answers already made: errors, a handler's own) is tested in tests/core/conditional.test.ts.
describe('conditional stage', () => {
  it('a computed answer: JSON with its ETag; 304 without body or type; HEAD with every header', async () => {
    const answer = { body: '{}\n', etag: '"e"', headers: { 'cache-control': 'public, max-age=60' } };
    const whole = await computedResponse(new Request('http://x/'), answer);
    expect(whole.status).toBe(200);
    expect(Object.fromEntries(whole.headers)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      etag: '"e"',
      'cache-control': 'public, max-age=60',
    });
    expect(await whole.text()).toBe('{}\n');
    // A cached answer's body is its bytes: the same answer.
    const fromBytes = await computedResponse(new Request('http://x/'), { ...answer, body: Buffer.from(answer.body) });
    expect([fromBytes.status, await fromBytes.text(), Object.fromEntries(fromBytes.headers)]).toEqual([
      200,
      '{}\n',
      Object.fromEntries(whole.headers),
    ]);
    const head = await computedResponse(new Request('http://x/', { method: 'HEAD' }), answer);
    expect([head.status, head.body, Object.fromEntries(head.headers)]).toEqual([200, null, Object.fromEntries(whole.headers)]);
    const held = await computedResponse(new Request('http://x/', { headers: { 'if-none-match': '"e"' } }), answer);
    expect([held.status, held.body, Object.fromEntries(held.headers)]).toEqual([
      304,
      null,
      { etag: '"e"', 'cache-control': 'public, max-age=60' },
    ]);
  });

  it('a deferred body is made for a whole answer only, with its own type; never for 304 or HEAD', async () => {
    let made = 0;
    const answer = {
      body: async () => {
        made++;
        return new Uint8Array([1, 2, 3]);
      },
      etag: '"k"',
      headers: { 'content-type': 'image/png' },
    };
    const held = await computedResponse(new Request('http://x/', { headers: { 'if-none-match': '"k"' } }), answer);
    const head = await computedResponse(new Request('http://x/', { method: 'HEAD' }), answer);
    expect([held.status, held.headers.get('content-type'), head.status, head.body, head.headers.get('content-type'), made]).toEqual([
      304,
      null,
      200,
      null,
      'image/png',
      0,
    ]);
    const whole = await computedResponse(new Request('http://x/'), answer);
    expect([whole.status, whole.headers.get('content-type'), [...new Uint8Array(await whole.arrayBuffer())], made]).toEqual([
      200,
      'image/png',
      [1, 2, 3],
      1,
    ]);
  });
});
