import { beforeAll, describe, expect, it } from 'vitest';
import { decideSite, prefersMarkdown } from '../../src/model/core/negotiate.ts';
import { BROWSER_ACCEPT, siteOrigin } from './site-origin.ts';

describe('prefersMarkdown follows q-values', () => {
  it.each([
    ['text/markdown', true],
    ['text/html;q=0.5, text/markdown', true],
    ['text/markdown, text/html', true],
    ['text/html;q=0.9, text/markdown;q=0.91', true],
    ['text/*;q=0.5, text/markdown', true],
    [BROWSER_ACCEPT, false],
    ['text/html, text/markdown', false],
    ['text/markdown;q=0.4, text/html;q=0.5', false],
    ['text/markdown;q=0', false],
    ['*/*', false],
    ['', false],
    ['application/json', false],
  ])('%s -> markdown: %s', (accept, markdown) => {
    expect(prefersMarkdown(accept)).toBe(markdown);
  });
});

describe('decideSite', () => {
  const has = (files: string[]) => (p: string) => files.includes(p);
  it('maps page paths to twins and refuses files', () => {
    expect(decideSite('/glossary/seo/', 'text/markdown', has(['/glossary/seo.md']))).toEqual({
      serve: 'markdown',
      file: '/glossary/seo.md',
    });
    expect(decideSite('/glossary/seo', 'text/markdown', has(['/glossary/seo.md']))).toEqual({
      serve: 'markdown',
      file: '/glossary/seo.md',
    });
    expect(decideSite('/', 'text/markdown', has(['/index.md']))).toEqual({ serve: 'markdown', file: '/index.md' });
    expect(decideSite('/nope/', 'text/markdown', has([]))).toEqual({ serve: 'markdown-404' });
    expect(decideSite('/nope.md', BROWSER_ACCEPT, has([]))).toEqual({ serve: 'markdown-404' });
    expect(decideSite('/glossary/seo/', BROWSER_ACCEPT, has(['/glossary/seo.md']))).toEqual({ serve: 'static', vary: true });
    expect(decideSite('/llms.txt', 'text/markdown', has(['/llms.txt']))).toEqual({ serve: 'static', vary: false });
    expect(decideSite('/.well-known/api-catalog', 'text/markdown', has(['/.well-known/api-catalog']))).toEqual({
      serve: 'static',
      vary: false,
    });
  });
});

describe('the local origin negotiates', () => {
  let site: Awaited<ReturnType<typeof siteOrigin>>;
  beforeAll(async () => {
    site = await siteOrigin();
  });

  it('answers markdown for text/html;q=0.5, text/markdown and HTML for a browser, both with Vary: Accept', async () => {
    const path = site.catalog.terms[0]!.url;
    const md = await site.get(path, { accept: 'text/html;q=0.5, text/markdown' });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('vary')).toBe('Accept');
    expect(Number(md.headers.get('x-markdown-tokens'))).toBeGreaterThan(0);
    const html = await site.get(path, { accept: BROWSER_ACCEPT });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept');
    expect(html.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
    expect(html.text).toContain(`<link rel="alternate" type="text/markdown" href="${site.catalog.terms[0]!.markdown_url}"`);
  });

  it('answers a missing page in markdown when asked, else with the HTML 404', async () => {
    const md = await site.get('/no/such/page/', { accept: 'text/markdown' });
    expect(md.status).toBe(404);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('vary')).toBe('Accept');
    expect(md.text).toMatch(/^# Page not found/);
    const suffix = await site.get('/no/such/page.md', { accept: BROWSER_ACCEPT });
    expect(suffix.status).toBe(404);
    expect(suffix.text).toBe(md.text);
    const html = await site.get('/no/such/page/', { accept: BROWSER_ACCEPT });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toBe('Accept');
  });

  it('links from the markdown 404 to real pages: home, glossary, tools, docs, llms.txt and search', async () => {
    const { text } = await site.get('/missing', { accept: 'text/markdown' });
    const links = [...text.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1]!);
    const paths = links.map((l) => new URL(l).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/glossary/', '/tools/', '/docs/', '/llms.txt', '/search/']));
    for (const link of links) {
      expect(link.startsWith(site.siteUrl), link).toBe(true);
      const r = await site.get(link, { accept: BROWSER_ACCEPT });
      expect(r.status, link).toBe(200);
    }
  });

  it('never negotiates machine-readable files', async () => {
    const r = await site.get('/.well-known/api-catalog', { accept: 'text/markdown' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    // The same bytes whatever Accept says (its `Vary: Accept` comes from `_headers`' `/*`, as on Netlify).
    expect(r.text).toBe((await site.get('/.well-known/api-catalog')).text);
  });
});
