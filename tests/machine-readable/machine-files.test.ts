import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { llmsTxt } from '../../src/request/machine/llms-txt.ts';
import { sitemapXml } from '../../src/request/machine/sitemap-xml.ts';
import { AI_CRAWLERS } from '../../src/request/machine/robots-txt.ts';
import { siteOrigin } from './site-origin.ts';

let site: Awaited<ReturnType<typeof siteOrigin>>;
beforeAll(async () => {
  site = await siteOrigin();
});

const LINK_LINE = /^- \[([^\]]+)\]\((https?:\/\/[^)\s]+)\)(: .+)?$/;

describe('llms.txt', () => {
  it('follows the llmstxt.org format: H1, blockquote, prose, H2 sections of link lines, Optional last', async () => {
    const r = await site.get('/llms.txt');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = r.text.split('\n');
    expect(lines[0]).toBe('# Skribra');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines.filter((l) => /^# /.test(l))).toHaveLength(1);
    const h2 = lines.filter((l) => l.startsWith('## '));
    expect(h2.length).toBeGreaterThan(3);
    expect(h2.at(-1)).toBe('## Optional');
    // Inside the sections, every non-empty line is a link line.
    const firstSection = lines.findIndex((l) => l.startsWith('## '));
    for (const l of lines.slice(firstSection)) if (l && !l.startsWith('## ')) expect(l).toMatch(LINK_LINE);
  });

  it('names every page once, by its markdown twin, and the glossary under Optional', async () => {
    const { text } = await site.get('/llms.txt');
    const urls = text
      .split('\n')
      .map((l) => LINK_LINE.exec(l)?.[2])
      .filter(Boolean);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.sort()).toEqual(site.catalog.pages.map((p) => p.markdown_url).sort());
    const optional = text.slice(text.indexOf('## Optional'));
    for (const t of site.catalog.terms) expect(optional).toContain(`(${t.markdown_url})`);
  });

  it('lists blog articles in a section of their own when the blog is given', () => {
    const { catalog } = loadCatalog('content', 'https://example.com');
    const text = llmsTxt(catalog, [
      {
        title: 'A [bracketed] post',
        slug: 'a-post',
        url: 'https://example.com/blog/a-post/',
        markdown_url: 'https://example.com/blog/a-post.md',
      },
    ]);
    expect(text).toContain('## Blog\n\n- [A \\[bracketed\\] post](https://example.com/blog/a-post.md)');
  });
});

describe('llms-full.txt', () => {
  it('holds every page twin in full', async () => {
    const r = await site.get('/llms-full.txt');
    expect(r.status).toBe(200);
    for (const p of site.catalog.pages) {
      const twin = await site.get(p.markdown_url);
      expect(r.text, p.path).toContain(twin.text.trim());
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every page URL once with lastmod where known', async () => {
    const r = await site.get('/sitemap.xml');
    expect(r.status).toBe(200);
    const locs = [...r.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(site.catalog.pages.map((p) => p.url).sort());
    const term = site.catalog.terms[0]!;
    expect(r.text).toContain(`<url><loc>${term.url}</loc><lastmod>${term.updated}</lastmod></url>`);
  });

  it('adds blog articles (and the blog index) when given', async () => {
    const { catalog } = loadCatalog('content', 'https://example.com');
    const xml = await sitemapXml(catalog, [
      { title: 'Post & more', slug: 'p', url: 'https://example.com/blog/p/?a=1&b=2', updated_at: '2026-11-01T10:00:00Z' },
    ]);
    expect(xml).toContain('<url><loc>https://example.com/blog/p/?a=1&amp;b=2</loc><lastmod>2026-11-01</lastmod></url>');
    expect(xml).toContain('<loc>https://example.com/blog/</loc>');
  });

  it('robots.txt allows everyone, names the AI crawlers and the sitemap', async () => {
    const r = await site.get('/robots.txt');
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^User-agent: \*\n(Content-Signal: .*\n)?Allow: \//m);
    for (const bot of [
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-Web',
      'anthropic-ai',
      'PerplexityBot',
      'Google-Extended',
      'Applebot-Extended',
      'CCBot',
    ]) {
      expect(AI_CRAWLERS).toContain(bot);
      expect(r.text).toMatch(new RegExp(`^User-agent: ${bot}$`, 'm'));
    }
    expect(r.text).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
    expect(r.text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe('api-catalog', () => {
  it('is an RFC 9727 linkset naming both APIs with service-desc and service-doc; HEAD answers too', async () => {
    const r = await site.get('/.well-known/api-catalog');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const { linkset } = JSON.parse(r.text);
    const anchors = linkset.map((l: { anchor: string }) => l.anchor);
    expect(anchors).toEqual(expect.arrayContaining([`${site.siteUrl}/api/v1/`, `${site.siteUrl}/v1/`]));
    for (const api of linkset.filter((l: { anchor: string }) => l.anchor.endsWith('/v1/'))) {
      expect(api['service-desc'][0].href).toBe(`${site.siteUrl}/openapi.json`);
      const doc = await site.get(api['service-doc'][0].href);
      expect(doc.status, api['service-doc'][0].href).toBe(200);
    }
    const head = await site.get('/.well-known/api-catalog', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('content-type')).toBe(r.headers.get('content-type'));
    expect(head.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });
});
