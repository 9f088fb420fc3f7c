// Every HTTP decision once (issue 38): 304 and HEAD for every answer by core/conditional.ts, through the pipeline's
// conditional stage (computed answers, a handler's own answer, the image API's deferred image, errors), and the
// site's 405 by the method stage, which the Netlify edge guard runs as it is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/request/api/http/pipeline.ts';
import { conditional } from '../../src/model/core/conditional.ts';
import { OG_INDEX_DIR, OG_INDEX_FORMAT } from '../../src/request/seo/og-image-index.ts';
import { ogImageImplementation, type OgRender } from '../../src/request/seo/og-image-api.ts';
import { renderOgPng } from '../../src/request/seo/render-og-png.ts';
import methodGuard from '../../netlify/edge-functions/method-guard.ts';

const KEY = '0123456789abcdef';
const IMAGE = `http://x/og-image/${KEY}.png`;
const dist = mkdtempSync(join(tmpdir(), 'h2b-one-decision-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, OG_INDEX_DIR), { recursive: true });
writeFileSync(
  join(dist, OG_INDEX_DIR, `${KEY.slice(0, 2)}.json`),
  JSON.stringify({
    format: OG_INDEX_FORMAT,
    build_id: 'test',
    host: 'skribra.test',
    images: { [KEY]: { card: { path: '/glossary/seo/', eyebrow: 'SEO glossary', title: 'SEO', description: 'Search.' }, width: 1200 } },
  }),
);

describe('the image API: 304 and HEAD by the conditional stage, before any rendering', () => {
  let renders = 0;
  const render: OgRender = (card, host, width) => {
    renders++;
    return renderOgPng(card, host, width);
  };
  const pipeline = createPipeline({ apis: { images: ogImageImplementation({ distDir: dist, render }) } });
  const ask = (init?: RequestInit) => pipeline(new Request(IMAGE, init));

  it('HEAD and a held ETag get the verdict and render nothing; GET renders once', async () => {
    const head = await ask({ method: 'HEAD' });
    expect(conditional('HEAD', null, 200, `"${KEY}"`)).toBe('headers-only');
    expect([head.status, head.body, head.headers.get('content-type'), head.headers.get('etag')]).toEqual([
      200,
      null,
      'image/png',
      `"${KEY}"`,
    ]);
    for (const inm of [`"${KEY}"`, `W/"${KEY}"`, '*']) {
      expect(conditional('GET', inm, 200, `"${KEY}"`)).toBe('not-modified');
      const held = await ask({ headers: { 'if-none-match': inm } });
      expect([held.status, held.body, held.headers.get('etag'), held.headers.get('cache-control')], inm).toEqual([
        304,
        null,
        `"${KEY}"`,
        'public, max-age=31536000, immutable',
      ]);
    }
    expect(renders).toBe(0);
    const whole = await ask();
    expect([whole.status, whole.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await whole.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(renders).toBe(1);
  });

  it('405 with Allow for another method, and a 404 is never 304', async () => {
    const post = await ask({ method: 'POST' });
    expect([post.status, post.headers.get('allow'), (await post.json()).code]).toEqual([405, 'GET, HEAD, OPTIONS', 'method_not_allowed']);
    const missing = await pipeline(new Request('http://x/og-image/fedcba9876543210.png', { headers: { 'if-none-match': '*' } }));
    expect(missing.status).toBe(404);
    const headMissing = await pipeline(new Request('http://x/og-image/fedcba9876543210.png', { method: 'HEAD' }));
    expect([headMissing.status, headMissing.body]).toEqual([404, null]);
  });

  it("a handler's own Response passes through the same stage", async () => {
    const own = createPipeline({
      apis: {
        images: { handlers: { getOgImage: () => new Response('bytes', { headers: { etag: '"own"', 'content-type': 'image/png' } }) } },
      },
    });
    const held = await own(new Request(IMAGE, { headers: { 'if-none-match': '"own"' } }));
    expect([held.status, held.body]).toEqual([304, null]);
    const head = await own(new Request(IMAGE, { method: 'HEAD' }));
    expect([head.status, head.body, head.headers.get('etag')]).toEqual([200, null, '"own"']);
    expect(await (await own(new Request(IMAGE))).text()).toBe('bytes');
  });
});

describe('site answers pass through the same stage', () => {
  it("a site answer that ignores HEAD and If-None-Match still gets the verdict; the origin's file answers are unchanged", async () => {
    const pipeline = createPipeline({ apis: {}, site: () => new Response('page', { headers: { etag: '"p"', 'content-length': '4' } }) });
    const head = await pipeline(new Request('http://x/glossary/', { method: 'HEAD' }));
    expect([head.status, head.body, head.headers.get('etag')]).toEqual([200, null, '"p"']);
    const held = await pipeline(new Request('http://x/glossary/', { headers: { 'if-none-match': 'W/"p"' } }));
    expect([held.status, held.body, held.headers.get('content-length')]).toEqual([304, null, null]);
    expect(await (await pipeline(new Request('http://x/glossary/'))).text()).toBe('page');
  });
});

describe("the site's method rule: the Netlify edge guard answers as the pipeline", () => {
  const pipeline = createPipeline({ apis: {} });
  it('OPTIONS and every non-read get the same status, headers and body from both', async () => {
    for (const path of ['/glossary/', '/llms.txt', '/']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const req = () => new Request(`https://skribra.test${path}`, { method });
        const [edge, origin] = [methodGuard(req()), await pipeline(req())];
        expect(edge.status, `${method} ${path}`).toBe(method === 'OPTIONS' ? 204 : 405);
        expect(edge.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        expect([edge.status, Object.fromEntries(edge.headers), await edge.text()]).toEqual([
          origin.status,
          Object.fromEntries(origin.headers),
          await origin.text(),
        ]);
      }
    }
  });

  it('refuses to answer a read (Netlify never sends one: config.method)', () => {
    expect(() => methodGuard(new Request('https://skribra.test/', { method: 'GET' }))).toThrow(/non-reads only/);
  });
});
