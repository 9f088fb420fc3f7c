// The integrations collection, live from its one declaration (src/model/catalog/collections/integrations.ts): every page
// at /integrations/{slug}/ with what a prospect reads (how it connects, what syncs, setup, limits), its list and
// detail in /api/v1 (404 for an unknown slug), its markdown twin, llms.txt and llms-full.txt, the sitemap, search,
// its Open Graph image and its JSON-LD.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite, buildText } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { jsonLdNodes, meta, ofType, readPage } from './html-pages.ts';

/** The places the site says Skribra publishes to. */
const EXPECTED = ['astro', 'content-api', 'framer', 'ghost', 'nextjs', 'notion', 'shopify', 'webflow', 'webhook', 'wix', 'wordpress'];

let dist: string;
let site: string;
let catalog: Catalog;
let handler: (req: Request) => Promise<Response>;
beforeAll(async () => {
  ({ distDir: dist, siteUrl: site } = await builtSite());
  catalog = builtCatalog(dist);
  ({ handler } = createLocalOrigin({ distDir: dist, config: readConfig() }));
});
const get = (path: string, headers: Record<string, string> = {}) => handler(new Request(`${site}${path}`, { headers }));
const json = async (path: string) => {
  const res = await get(path);
  return { status: res.status, body: (await res.json()) as any };
}; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('integrations content', () => {
  it('has every place Skribra publishes to, each with setup steps and limits', () => {
    const { catalog: fresh } = loadCatalog(join(import.meta.dirname, '../../content'), 'https://skribra.test');
    expect(fresh.integrations.map((i) => i.slug).sort()).toEqual(EXPECTED);
    for (const i of fresh.integrations) {
      expect(i.setup.length, i.slug).toBeGreaterThanOrEqual(3);
      expect(i.limits.length, i.slug).toBeGreaterThanOrEqual(1);
      expect(i.syncs.length, i.slug).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('integration pages', () => {
  it('/integrations/ lists every integration', async () => {
    const res = await get('/integrations/');
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const i of catalog.integrations) expect(html).toContain(`href="/integrations/${i.slug}/"`);
  });

  it.each(EXPECTED)('/integrations/%s/ says how it connects, what syncs, the setup and the limits', async (slug) => {
    const res = await get(`/integrations/${slug}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const integration = catalog.integrations.find((i) => i.slug === slug)!;
    expect(html).toContain(`<h1>${integration.title.replace(/&/g, '&amp;')}</h1>`);
    for (const heading of ['How it connects', 'What syncs', 'Setup', 'Limits']) expect(html).toContain(`>${heading}</h2>`);
    expect(meta(html, 'description')).toBe(integration.description);
  });

  it('carry a TechArticle as main entity, breadcrumbs, a FAQPage where there are questions, and an Open Graph image', async () => {
    for (const i of catalog.integrations) {
      const path = `/integrations/${i.slug}/`;
      const html = readPage(dist, path);
      const nodes = jsonLdNodes(html);
      const [article] = ofType(nodes, 'TechArticle');
      expect(article?.headline, path).toBe(i.title);
      expect(ofType(nodes, 'WebPage')[0]?.mainEntity, path).toEqual({ '@id': article!['@id'] });
      expect(ofType(nodes, 'BreadcrumbList'), path).toHaveLength(1);
      expect(ofType(nodes, 'FAQPage').length, path).toBe(i.faqs.length ? 1 : 0);
      const image = meta(html, 'og:image')!;
      expect(image, path).toMatch(new RegExp(`^${site}/og-image/[0-9a-f]{16}\\.png$`));
      const png = await get(new URL(image).pathname);
      expect(png.status, path).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
  });
});

describe('integrations in the public API', () => {
  it('GET /api/v1/integrations lists them whole, with pagination', async () => {
    const { status, body } = await json('/api/v1/integrations');
    expect(status).toBe(200);
    expect(body.data.items.map((i: { slug: string }) => i.slug)).toEqual(catalog.integrations.map((i) => i.slug));
    expect(body.data.pagination).toEqual({ page: 1, limit: EXPECTED.length, total: EXPECTED.length, total_pages: 1, has_more: false });
    expect(body.data.items[0]).toEqual(catalog.integrations[0]);
  });

  it('GET /api/v1/integrations/{slug} is the whole integration, the static file byte for byte', async () => {
    const res = await get('/api/v1/integrations/wordpress');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe(readFileSync(join(dist, 'api/v1/integrations/wordpress.json'), 'utf8'));
    const { data } = JSON.parse(text);
    expect(data).toMatchObject({
      slug: 'wordpress',
      name: 'WordPress',
      category: 'cms',
      url: `${site}/integrations/wordpress/`,
      markdown_url: `${site}/integrations/wordpress.md`,
    });
    expect(Object.keys(data)).toEqual([
      'slug',
      'name',
      'title',
      'description',
      'category',
      'connects_with',
      'syncs',
      'setup',
      'limits',
      'faqs',
      'related_features',
      'url',
      'markdown_url',
    ]);
  });

  it('an unknown slug is a JSON 404 not_found', async () => {
    const { status, body } = await json('/api/v1/integrations/no-such-cms');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
    expect(body.message).toContain('integration with slug "no-such-cms"');
  });

  it('pages of kind integration, and search finds them', async () => {
    const pages = await json('/api/v1/pages?kind=integration');
    expect(pages.status).toBe(200);
    expect(pages.body.data.items.map((p: { path: string }) => p.path).sort()).toEqual(EXPECTED.map((s) => `/integrations/${s}/`));
    const search = await json('/api/v1/search?q=wordpress%20application');
    expect(search.body.data.items[0].path).toBe('/integrations/wordpress/');
  });

  it('the OpenAPI document describes both endpoints under their tag', async () => {
    const doc = JSON.parse(readFileSync(join(dist, 'openapi.json'), 'utf8'));
    expect(doc.paths['/api/v1/integrations'].get.operationId).toBe('listIntegrations');
    expect(doc.paths['/api/v1/integrations/{slug}'].get.operationId).toBe('getIntegration');
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Integrations');
    expect(doc.components.schemas.Integration.properties.setup).toBeDefined();
    expect(doc.components.schemas.Page.properties.kind.enum).toContain('integration');
  });
});

describe('integrations for agents and crawlers', () => {
  it('each page has its markdown twin, by .md and by Accept', async () => {
    const twin = await get('/integrations/ghost.md');
    expect(twin.status).toBe(200);
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await twin.text();
    expect(text).toMatch(/^# Publish to Ghost with Skribra\n/);
    for (const heading of ['## What syncs', '## Setup', '## Limits']) expect(text).toContain(heading);
    const negotiated = await get('/integrations/ghost/', { accept: 'text/markdown' });
    expect(await negotiated.text()).toBe(text);
    expect(existsSync(join(dist, 'integrations.md'))).toBe(true);
  });

  it('llms.txt has an Integrations section linking every twin; llms-full.txt inlines them', async () => {
    const llms = await buildText(dist, '/llms.txt');
    const section = llms.split('\n## ').find((s) => s.startsWith('Integrations\n'))!;
    expect(section).toBeDefined();
    for (const s of EXPECTED) expect(section).toContain(`(${site}/integrations/${s}.md)`);
    const full = await buildText(dist, '/llms-full.txt');
    for (const i of catalog.integrations) expect(full).toContain(`# ${i.title}\n`);
  });

  it('the sitemap names every integration page', async () => {
    const files = [
      '/sitemap.xml',
      ...(existsSync(join(dist, 'sitemaps')) ? readdirSync(join(dist, 'sitemaps')).map((f: string) => `/sitemaps/${f}`) : []),
    ];
    const xml = (await Promise.all(files.map((f) => buildText(dist, f)))).join('\n');
    for (const s of ['', ...EXPECTED.map((e) => `${e}/`)]) expect(xml).toContain(`<loc>${site}/integrations/${s}</loc>`);
  });
});
