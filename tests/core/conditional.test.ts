// The one decision on conditional requests and HEAD (core/conditional.ts), and the answers that make it: the
// pipeline's stages (computed answers, a handler's own answer, errors), the markdown twins, the Netlify harness's
// static store and its edge method guard.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerOf, conditional } from '../../src/model/core/conditional.ts';
import { markdownResponse } from '../../src/model/core/negotiate.ts';
import { createStaticStore } from '../../scripts/netlify/static-store.ts';
import { fileResponse, staticFiles } from '../../origin/static-files.ts';

describe('the decision', () => {
  it('304 for a 200 whose ETag the client holds (weakly compared, * and lists), whatever the method', () => {
    for (const inm of ['"e"', 'W/"e"', '*', '"x", "e"']) expect(conditional('GET', inm, 200, '"e"')).toBe('not-modified');
    expect(conditional('HEAD', '"e"', 200, '"e"')).toBe('not-modified');
    expect(conditional('GET', '"x"', 200, '"e"')).toBe('whole');
  });

  it('never 304 for another status or an answer without an ETag', () => {
    expect(conditional('GET', '*', 404, '"e"')).toBe('whole');
    expect(conditional('GET', '*', 200, undefined)).toBe('whole');
    expect(conditional('GET', '*', 200, null)).toBe('whole');
  });

  it('HEAD gets the headers alone', () => {
    expect(conditional('HEAD', undefined, 200, '"e"')).toBe('headers-only');
    expect(conditional('HEAD', '"x"', 404, undefined)).toBe('headers-only');
  });

  it('an answer already made: 304 without body or length, HEAD without body, else itself', async () => {
    const made = () =>
      new Response('{"a":1}\n', { status: 200, headers: { etag: '"e"', 'content-type': 'application/json', 'content-length': '8' } });
    const held = answerOf(new Request('http://x/', { headers: { 'if-none-match': '"e"' } }), made());
    expect([held.status, held.body, held.headers.get('etag'), held.headers.get('content-length')]).toEqual([304, null, '"e"', null]);
    const head = answerOf(new Request('http://x/', { method: 'HEAD' }), made());
    expect([head.status, head.body, head.headers.get('content-length')]).toEqual([200, null, '8']);
    const error = new Response('{"code":"not_found"}', { status: 404, headers: { etag: '"e"' } });
    expect(answerOf(new Request('http://x/', { headers: { 'if-none-match': '*' } }), error)).toBe(error);
    const whole = made();
    expect(answerOf(new Request('http://x/'), whole)).toBe(whole);
  });

  it('any other answer loses its body for HEAD only', async () => {
    const error = () => new Response('{"code":"not_found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    const head = answerOf(new Request('http://x/', { method: 'HEAD' }), error());
    expect([head.status, head.body, head.headers.get('content-type')]).toEqual([404, null, 'application/json']);
    expect(await answerOf(new Request('http://x/'), error()).text()).toBe('{"code":"not_found"}');
  });
});

describe('markdown twins (both runtimes send markdownResponse)', () => {
  const twin = (method: string, ifNoneMatch?: string) =>
    markdownResponse('# Glossary\n', 200, method, { headers: { etag: '"t"' }, ifNoneMatch });

  it('304 when the request holds the ETag, HEAD without body, 404s never 304', async () => {
    const held = twin('GET', '"t"');
    expect([held.status, held.body, held.headers.get('etag'), held.headers.get('vary')]).toEqual([304, null, '"t"', 'Accept']);
    expect([twin('HEAD').status, twin('HEAD').body, twin('HEAD').headers.get('x-markdown-tokens')]).toEqual([200, null, '3']);
    expect(await twin('GET', '"other"').text()).toBe('# Glossary\n');
    const missing = markdownResponse('# Page not found\n', 404, 'GET', { headers: { etag: '"t"' }, ifNoneMatch: '*' });
    expect(missing.status).toBe(404);
  });
});

describe("the Netlify harness's static store", () => {
  const root = mkdtempSync(join(tmpdir(), 'h2b-static-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'llms.txt'), 'hello\n');
  const store = createStaticStore(root, []);
  const ask = (init: RequestInit = {}, status = 200) => {
    const found = store.lookup('/llms.txt', '');
    if (found?.kind !== 'file') throw new Error('no file');
    return store.respond(new Request('http://x/llms.txt', init), found, '/llms.txt', status);
  };

  it('answers 304 and HEAD by the same decision as the origin', async () => {
    const etag = ask().headers.get('etag')!;
    for (const [inm, verdict] of [
      [etag, 'not-modified'],
      [`W/${etag}`, 'not-modified'],
      ['*', 'not-modified'],
      ['"other"', 'whole'],
    ] as const) {
      expect(conditional('GET', inm, 200, etag)).toBe(verdict);
      const res = ask({ headers: { 'if-none-match': inm } });
      expect([res.status, res.body === null], inm).toEqual(verdict === 'not-modified' ? [304, true] : [200, false]);
    }
    const head = ask({ method: 'HEAD' });
    expect([head.status, head.body, head.headers.get('etag')]).toEqual([200, null, etag]);
    // The 404 page is never 304.
    expect(ask({ headers: { 'if-none-match': '*' } }, 404).status).toBe(404);
  });

  it("answers every method and If-None-Match as the local origin's file answer does (each with its own ETag)", () => {
    const origin = staticFiles(root).get('/llms.txt')!;
    const etags = {
      netlify: ask().headers.get('etag')!,
      local: fileResponse(new Request('http://x/llms.txt'), origin).headers.get('etag')!,
    };
    for (const method of ['GET', 'HEAD'])
      for (const tag of [undefined, '*', 'own', 'W/own', '"other"'] as const)
        for (const status of [200, 404]) {
          const header = (side: 'netlify' | 'local') => (tag === 'own' ? etags[side] : tag === 'W/own' ? `W/${etags[side]}` : tag);
          const init = (side: 'netlify' | 'local'): RequestInit => {
            const inm = header(side);
            return { method, headers: inm ? { 'if-none-match': inm } : {} };
          };
          const netlify = ask(init('netlify'), status);
          const local = fileResponse(new Request('http://x/llms.txt', init('local')), origin, {}, status);
          const what = `${method} ${tag} ${status}`;
          expect([netlify.status, netlify.body === null], what).toEqual([local.status, local.body === null]);
        }
  });
});
