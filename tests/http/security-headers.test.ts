// Every answer carries the security headers of its kind (src/model/core/security-headers.ts): HTML pages the page policy
// (scripts by hash only, never framed), JSON, markdown, machine files and errors the data policy; in the local origin,
// in the generated `_headers` Netlify applies, and in a function's and an edge function's own answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, send, type Stack } from './helpers.ts';
import { builtSite } from '../helpers/built-site.ts';
import { BASE_SECURITY, DATA_SECURITY } from '../../src/model/core/security-headers.ts';
import { parseHeadersFile, headersForPath } from '../../src/model/core/header-rules.ts';
import { PUBLIC_FUNCTION_PREFIX } from '../../src/request/api/public/function-mount.ts';

let stack: Stack;
let distDir: string;
beforeAll(async () => {
  stack = await openStack();
  ({ distDir } = await builtSite());
});
afterAll(async () => {
  await stack?.store.close();
});

const base = (h: Headers) => Object.fromEntries(Object.keys(BASE_SECURITY).map((k) => [k, h.get(k)]));
/** The page policy's promises, read from a CSP header. */
function expectPagePolicy(h: Headers, where: string) {
  expect(base(h), where).toEqual(BASE_SECURITY);
  const csp = h.get('content-security-policy') ?? '';
  expect(csp, where).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp, where).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(h.get('x-frame-options'), where).toBe('DENY');
  expect(h.get('permissions-policy'), where).toContain('camera=()');
}
const expectDataPolicy = (h: Headers, where: string) =>
  expect(Object.fromEntries(Object.keys(DATA_SECURITY).map((k) => [k, h.get(k)])), where).toEqual(DATA_SECURITY);

describe('security headers', () => {
  it('on HTML pages and the HTML 404, from _headers as Netlify applies it', async () => {
    for (const path of ['/', '/glossary/', '/tools/word-counter/', '/no-such-page/'])
      expectPagePolicy((await send(stack, path)).headers, path);
  });

  it('on static and computed JSON, markdown, machine files, errors, 405 and preflights', async () => {
    const key = { authorization: `Bearer ${stack.account.key}` };
    for (const [path, init] of [
      ['/api/v1/glossary', {}],
      ['/api/v1/glossary?limit=2', {}],
      ['/api/v1/search?q=seo', {}],
      ['/api/v1/nope', {}],
      ['/api/v1/search', {}],
      ['/glossary.md', {}],
      ['/glossary/', { headers: { accept: 'text/markdown' } }],
      ['/nope.md', {}],
      ['/llms.txt', {}],
      ['/openapi.json', {}],
      ['/.well-known/api-catalog', {}],
      ['/sitemap.xml', {}],
      ['/v1/projects', key],
      ['/v1/projects', {}],
      ['/v1/nope', key],
      ['/api/v1/glossary', { method: 'OPTIONS' }],
      ['/', { method: 'POST' }],
    ] as [string, RequestInit][])
      expectDataPolicy((await send(stack, path, init)).headers, `${init.method ?? 'GET'} ${path}`);
  });

  it('in the generated _headers: the page policy for every file, the data policy for API and machine files', () => {
    const rules = parseHeadersFile(readFileSync(join(distDir, '_headers'), 'utf8'));
    expectPagePolicy(new Headers(headersForPath(rules, '/glossary/')), '_headers /glossary/');
    for (const path of ['/api/v1/glossary', '/llms.txt', '/openapi.json', '/.well-known/api-catalog'])
      expectDataPolicy(new Headers(headersForPath(rules, path)), `_headers ${path}`);
  });

  it("in a Netlify function's and the method guard's own answers", async () => {
    process.env.SKRIBRA_DIST_DIR = distDir;
    const fn = (await import('../../functions/public-api.mts')).default;
    for (const path of ['/api/v1/search?q=seo', '/api/v1/glossary/nope'])
      expectDataPolicy((await fn(new Request(`http://x${PUBLIC_FUNCTION_PREFIX}${path}`))).headers, `function ${path}`);
    const guard = (await import('../../netlify/edge-functions/method-guard.ts')).default;
    expectDataPolicy(guard(new Request('http://x/', { method: 'DELETE' })).headers, 'method guard');
  });
});
