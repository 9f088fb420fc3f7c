import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { createToolsApi } from '../../src/request/api/tools/create-tools-api.ts';
import { createRateLimiter } from '../../src/request/api/http/sliding-window.ts';
import { TOOLS_RATE_LIMIT } from '../../src/model/config.ts';
import { auditHtml, MAX_ROWS } from '../../src/request/api/tools/heading-link-audit.ts';
import { CLIENT_ADDRESS } from '../../src/request/api/http/client-address.ts';
import { listen } from '../../origin/serve.ts';

const SITE = 'https://site.test';
const { catalog } = loadCatalog(resolve('content'), SITE);
const api = createToolsApi({ catalog });

const post = (slug: string, body: string | object, headers: Record<string, string> = { origin: SITE, 'sec-fetch-site': 'same-origin' }) =>
  api(
    new Request(`${SITE}/tools-api/${slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

describe('tools API: who may call it', () => {
  it('answers the site itself, without CORS headers and uncached', async () => {
    const res = await post('heading-link-audit', { html: '<h1>Hi</h1>' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()).data.summary).toMatchObject({ headings: 1, h1: 1 });
  });
  it.each([
    ['another origin', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }],
    ['a same-site but other origin', { origin: 'https://www.site.test', 'sec-fetch-site': 'same-site' }],
    ['a right Origin with a cross-site fetch', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
    ['no Origin and no Sec-Fetch-Site', {}],
  ])('refuses %s with 403 forbidden_origin', async (_, headers) => {
    const res = await post('heading-link-audit', { html: '<h1>Hi</h1>' }, headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'forbidden_origin', message: expect.stringContaining('only pages of this site') });
  });
  it('accepts Sec-Fetch-Site same-origin alone (a same-origin GET-less fetch may omit Origin)', async () => {
    expect((await post('heading-link-audit', { html: '<p>x</p>' }, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
  it('takes POST only and answers a preflight without CORS', async () => {
    const get = await api(new Request(`${SITE}/tools-api/heading-link-audit`, { headers: { origin: SITE } }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const pre = await api(
      new Request(`${SITE}/tools-api/heading-link-audit`, { method: 'OPTIONS', headers: { origin: 'https://evil.test' } }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('tools API: bodies', () => {
  it('404s an unknown tool and a browser tool', async () => {
    for (const slug of ['nope', 'word-counter']) {
      const res = await post(slug, { text: 'x' });
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('not_found');
    }
  });
  it('is 413 over 200 KB, declared or streamed', async () => {
    const big = JSON.stringify({ html: 'x'.repeat(200 * 1024) });
    const res = await post('heading-link-audit', big);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await api(
      new Request(`${SITE}/tools-api/heading-link-audit`, {
        method: 'POST',
        headers: { origin: SITE },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(chunked.status).toBe(413);
  });
  it('accepts a body just under the cap', async () => {
    expect((await post('heading-link-audit', JSON.stringify({ html: 'x'.repeat(200 * 1024 - 20) }))).status).toBe(200);
  });
  it('names the problem in 400 invalid_body', async () => {
    const cases: [string | object, RegExp][] = [
      ['{"html": ', /not valid JSON/],
      ['', /empty/],
      ['[1]', /JSON object/],
      [{}, /Field "html" is required/],
      [{ html: 5 }, /Field "html"/],
      [{ html: '<p>x</p>', page_url: 'ftp://x' }, /Field "page_url" must be an absolute http\(s\) URL/],
    ];
    for (const [body, message] of cases) {
      const res = await post('heading-link-audit', body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.code).toBe('invalid_body');
      expect(json.message).toMatch(message);
    }
    expect((await (await post('content-brief-builder', { text: ' ' })).json()).message).toMatch(/Field "text"/);
  });
});

describe('tools API: rate limit', () => {
  it('answers 429 rate_limited with Retry-After past the per-IP limit, per IP', async () => {
    const limited = createToolsApi({ catalog, rateLimit: { windowLimit: 2, windowSize: 60 } });
    const call = (ip: string) =>
      limited(
        new Request(`${SITE}/tools-api/heading-link-audit`, {
          method: 'POST',
          headers: { origin: SITE, [CLIENT_ADDRESS]: ip },
          body: '{"html":"<h1>a</h1>"}',
        }),
      );
    expect((await call('1.1.1.1')).status).toBe(200);
    expect((await call('1.1.1.1')).status).toBe(200);
    const third = await call('1.1.1.1');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).code).toBe('rate_limited');
    expect((await call('2.2.2.2')).status).toBe(200);
  });
  it('keys on the socket behind the local origin: 100 requests claiming 100 addresses from one socket, 30 pass', async () => {
    const server = await listen(createToolsApi({ catalog, siteOrigins: [SITE], rateLimit: TOOLS_RATE_LIMIT }), 0, '127.0.0.1');
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        const claim = `198.51.100.${i}`;
        const res = await fetch(`http://127.0.0.1:${server.port}/tools-api/heading-link-audit`, {
          method: 'POST',
          body: '{"html":"<h1>a</h1>"}',
          headers: { origin: SITE, 'x-nf-client-connection-ip': claim, 'x-forwarded-for': claim, [CLIENT_ADDRESS]: claim },
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    } finally {
      await server.close();
    }
    expect(TOOLS_RATE_LIMIT.windowLimit).toBe(30);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  });
  it('slides: a slot frees once the oldest request leaves the window', () => {
    let t = 0;
    const limiter = createRateLimiter({ windowLimit: 2, windowSize: 10 }, () => t);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([0, 0, 10]);
    t = 4_000;
    expect(limiter.hit('a')).toBe(6);
    t = 10_001;
    expect(limiter.hit('a')).toBe(0);
  });
  it('uses the same numbers as the Netlify function config', () => {
    const source = readFileSync('functions/tools-api.mts', 'utf8');
    expect(source).toContain(
      `rateLimit: { windowLimit: ${TOOLS_RATE_LIMIT.windowLimit}, windowSize: ${TOOLS_RATE_LIMIT.windowSize}, aggregateBy: ['ip', 'domain'] }`,
    );
    expect(source).toContain("path: ['/tools-api', '/tools-api/*']");
  });
});

describe('content brief builder', () => {
  it('suggests glossary terms with definitions and internal links from the catalog', async () => {
    const res = await post('content-brief-builder', {
      text: 'Use a 301 redirect when a page moves, and set canonical URLs so duplicate pages do not compete.',
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    const titles = data.related_terms.map((t: { title: string }) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['301 redirect', 'Canonical URL']));
    const redirect = data.related_terms.find((t: { title: string }) => t.title === '301 redirect');
    expect(redirect).toMatchObject({ mentioned: true, url: `${SITE}/glossary/redirect-301/` });
    expect(redirect.definition.length).toBeGreaterThan(10);
    expect(data.internal_links.length).toBeGreaterThan(0);
    for (const l of data.internal_links) expect(l.url.startsWith(`${SITE}/`)).toBe(true);
    expect(data.internal_links.some((l: { url: string }) => l.url.endsWith('/tools/content-brief-builder/'))).toBe(false);
  });
  it('ranks the term a topic names first', async () => {
    const { data } = await (await post('content-brief-builder', { text: 'how to fix keyword cannibalization' })).json();
    expect(data.related_terms[0].slug).toBe('keyword-cannibalization');
  });
});

describe('heading and link audit', () => {
  const html = `<script>document.write('<h1>injected</h1>')</script><style>h2{}</style>
    <h1>Title</h1><h3> </h3><h2>Ok <img src="i.png" alt="chart"></h2><h1>Again</h1>
    <a href="/a">Guide to SEO</a> <a href="https://other.test/x" rel="nofollow sponsored">Click here!</a>
    <a href="https://me.test/y" rel="nofollow"><img src="a.png"></a> <a href="javascript:alert(1)">run</a>
    <a href="#">top</a> <a href="">empty</a> <a href="mailto:a@b.test">Write to us</a> <a name="x">not a link</a>`;
  const r = auditHtml(html, 'https://me.test/page');
  it('builds the outline and flags empty, skipped and repeated h1', () => {
    expect(r.headings.map((h) => [h.level, h.text, h.issues.map((i) => i.code)])).toEqual([
      [1, 'Title', []],
      [3, '', ['empty_heading', 'skipped_level']],
      [2, 'Ok chart', []],
      [1, 'Again', []],
    ]);
    expect(r.outline_issues.map((i) => i.code)).toEqual(['multiple_h1']);
    expect(auditHtml('<h2>a</h2>').outline_issues.map((i) => i.code)).toEqual(['no_h1']);
  });
  it('lists every a[href] with kind, rel and problems; scripts are not run or read', () => {
    expect(r.links.map((l) => [l.href, l.kind, l.issues.map((i) => i.code)])).toEqual([
      ['/a', 'internal', []],
      ['https://other.test/x', 'external', ['vague_anchor_text', 'rel_nofollow', 'rel_sponsored']],
      ['https://me.test/y', 'internal', ['image_link_without_alt', 'rel_nofollow', 'internal_nofollow']],
      ['javascript:alert(1)', 'other', ['unusable_target']],
      ['#', 'other', ['unusable_target']],
      ['', 'other', ['unusable_target']],
      ['mailto:a@b.test', 'other', []],
    ]);
    expect(r.summary).toMatchObject({ headings: 4, h1: 2, links: 7, internal: 2, external: 1 });
  });
  it('without a page URL only relative links are internal', () => {
    expect(auditHtml('<a href="https://me.test/y">Y page</a><a href="y">Y page</a>').links.map((l) => l.kind)).toEqual([
      'external',
      'internal',
    ]);
  });
});

describe('tools API: hostile HTML', () => {
  it('answers 5,000 nested divs with a 400 naming the problem, not a 500', async () => {
    const html = `${'<div>'.repeat(5000)}<h1>x</h1>${'</div>'.repeat(5000)}`;
    const res = await post('heading-link-audit', { html });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalid_body',
      message: "The HTML nests too deeply to audit; paste the page's main content instead.",
    });
  });
  it('lists at most MAX_ROWS headings and links, and counts them all', () => {
    const r = auditHtml('<h2>a</h2>'.repeat(2500));
    expect(r.headings).toHaveLength(MAX_ROWS);
    expect(r.summary.headings).toBe(2500);
  });
});
