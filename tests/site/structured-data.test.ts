// Every page of the built site carries one JSON-LD graph whose every node and property exists in schema.org's
// vocabulary, with the types each template promises, built from the same catalog as the page; and an Open Graph
// image, named by its content, that is a real 1200 × 630 PNG: in dist when the build wrote it, else rendered by the
// image API on request (the glossary terms').
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import { vocabularyProblems } from './schema-vocabulary.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { htmlPaths, jsonLdBlocks, jsonLdNodes, meta, ofType, readPage } from './html-pages.ts';

let dist: string;
let site: string;
let catalog: Catalog;
let paths: string[];
beforeAll(async () => {
  ({ distDir: dist, siteUrl: site } = await builtSite());
  catalog = builtCatalog(dist);
  // The 404 page is served at whatever address was asked, so it names no page and carries no graph (below).
  paths = htmlPaths(dist);
});
const nodes = (path: string) => jsonLdNodes(readPage(dist, path));
const pathOf = (url: string) => new URL(url).pathname;

describe('JSON-LD on every page', () => {
  it('covers every page of the site', () => {
    for (const p of catalog.pages) expect(paths).toContain(p.path);
  });

  it('is one graph per page, valid against the schema.org vocabulary', () => {
    for (const path of paths) {
      const blocks = jsonLdBlocks(readPage(dist, path));
      expect(blocks.length, path).toBeGreaterThanOrEqual(1);
      expect(
        blocks.filter((b) => (b as { '@graph'?: unknown })['@graph']),
        path,
      ).toEqual([{ '@context': 'https://schema.org', '@graph': expect.any(Array) }]);
      expect(
        blocks.flatMap((b) => vocabularyProblems(b)),
        path,
      ).toEqual([]);
    }
  });

  it('names the page itself, its site and publisher, and its image', () => {
    for (const path of paths) {
      const page = nodes(path).find((n) => n['@id'] === `${site}${path}#webpage`);
      expect(page, path).toMatchObject({
        url: `${site}${path}`,
        isPartOf: { '@id': `${site}/#website` },
        publisher: { '@id': `${site}/#organization` },
      });
      expect((page!.primaryImageOfPage as { url: string }).url, path).toBe(meta(readPage(dist, path), 'og:image'));
    }
  });

  it('gives every nested page a BreadcrumbList from the home page to itself, the trail the page shows', () => {
    for (const path of paths.filter((p) => p !== '/')) {
      const html = readPage(dist, path);
      const [list, ...more] = ofType(jsonLdNodes(html), 'BreadcrumbList');
      expect(more, path).toEqual([]);
      const items = (list?.itemListElement ?? []) as { position: number; name: string; item: string }[];
      expect(items.length, path).toBeGreaterThanOrEqual(2);
      expect(
        items.map((i) => i.position),
        path,
      ).toEqual(items.map((_, i) => i + 1));
      expect(items[0], path).toMatchObject({ name: 'Home', item: `${site}/` });
      expect(items.at(-1)!.item, path).toBe(`${site}${path}`);
      const shown = [
        ...(/<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g),
      ].map((m) =>
        m[1]!
          .replace(/<[^>]+>/g, '')
          .replaceAll('&amp;', '&')
          .replaceAll('&#39;', "'")
          .trim(),
      );
      expect(shown, path).toEqual(items.map((i) => i.name));
    }
  });

  it('home: Organization and WebSite with a SearchAction to /search/', () => {
    const n = nodes('/');
    expect(ofType(n, 'Organization')[0]).toMatchObject({ '@id': `${site}/#organization`, name: 'Skribra', url: `${site}/` });
    const [web] = ofType(n, 'WebSite');
    expect(web).toMatchObject({
      '@id': `${site}/#website`,
      url: `${site}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${site}/search/?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it("home: the Organization's logo is a file of the build, a PNG of the size it declares", () => {
    const logo = ofType(nodes('/'), 'Organization')[0]!.logo as { url: string; width: string; height: string };
    expect(logo.url.startsWith(`${site}/`)).toBe(true);
    const png = readFileSync(join(dist, pathOf(logo.url)));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(logo.width), Number(logo.height)]);
  });

  it('404: claims no address of its own (no canonical, og:url, markdown alternate or WebPage node) and is not indexed', () => {
    const html = readPage(dist, '/404/');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('rel="alternate" type="text/markdown"');
    expect(meta(html, 'og:url')).toBeUndefined();
    expect(jsonLdBlocks(html)).toEqual([]);
    expect(html).not.toContain('/404/');
    expect(meta(html, 'robots')).toBe('noindex');
  });

  it('glossary: each term is a DefinedTerm in the glossary DefinedTermSet, which lists every term', () => {
    for (const term of catalog.terms) {
      const [t] = ofType(nodes(pathOf(term.url)), 'DefinedTerm').filter((x) => x['@id'] === `${term.url}#term`);
      expect(t, term.slug).toMatchObject({
        name: term.title,
        description: term.definition,
        url: term.url,
        inDefinedTermSet: { '@type': 'DefinedTermSet', '@id': `${site}/glossary/#termset` },
      });
    }
    const [set] = ofType(nodes('/glossary/'), 'DefinedTermSet');
    expect(set).toMatchObject({ '@id': `${site}/glossary/#termset` });
    expect((set!.hasDefinedTerm as { url: string }[]).map((t) => t.url)).toEqual(catalog.terms.map((t) => t.url));
    for (const c of catalog.categories) {
      const [cs] = ofType(nodes(pathOf(c.url)), 'DefinedTermSet');
      expect((cs!.hasDefinedTerm as unknown[]).length, c.slug).toBe(c.term_count);
    }
  });

  it('tools: a free SoftwareApplication and their FAQs as a FAQPage', () => {
    for (const tool of catalog.tools) {
      const n = nodes(pathOf(tool.url));
      expect(ofType(n, 'SoftwareApplication')[0], tool.slug).toMatchObject({
        name: tool.title,
        url: tool.url,
        offers: { price: '0', priceCurrency: 'USD' },
      });
      expect(faqQuestions(n), tool.slug).toEqual(tool.faqs!.map((f) => f.question));
    }
  });

  it('comparisons and features: their FAQs as a FAQPage, answers as plain text', () => {
    for (const entry of [...catalog.comparisons, ...catalog.features].filter((e) => e.faqs?.length)) {
      const n = nodes(pathOf(entry.url));
      expect(faqQuestions(n), entry.url).toEqual(entry.faqs!.map((f) => f.question));
      for (const q of ofType(n, 'Question')) expect((q.acceptedAnswer as { text: string }).text).not.toMatch(/\]\(|\*\*/);
    }
    expect(catalog.comparisons.every((c) => c.faqs?.length)).toBe(true);
  });

  it('pricing: a Product with an Offer per plan at its monthly price, and the BYOK licence', () => {
    const [product] = ofType(nodes('/pricing/'), 'Product');
    const offers = product!.offers as { name: string; price: string; priceCurrency: string }[];
    expect(offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      ...catalog.pricing.plans.map((p) => [String(p.monthly_usd), 'USD']),
      ...(catalog.pricing.byok ? [[String(catalog.pricing.byok.price_usd), 'USD']] : []),
    ]);
  });

  it('docs: a TechArticle; index pages: a CollectionPage with an ItemList of their entries', () => {
    for (const p of catalog.pages.filter((x) => x.kind === 'doc')) expect(ofType(nodes(p.path), 'TechArticle').length, p.path).toBe(1);
    for (const [path, entries] of [
      ['/tools/', catalog.tools],
      ['/agents/', catalog.agents],
      ['/features/', catalog.features],
      ['/compare/', catalog.comparisons],
    ] as const) {
      expect(ofType(nodes(path), 'CollectionPage').length, path).toBe(1);
      const [list] = ofType(nodes(path), 'ItemList');
      expect(
        (list!.itemListElement as { url: string }[]).map((i) => i.url),
        path,
      ).toEqual(entries.map((e) => e.url));
    }
  });
});

describe('Open Graph and Twitter tags on every page', () => {
  it('point at a 1200 × 630 PNG of the page, by content: written by the build, or rendered on request for a term', async () => {
    const { handler } = createLocalOrigin({ distDir: dist, config: readConfig() });
    const onRequest = new Set(catalog.pages.filter((p) => p.kind === 'glossary').map((p) => p.path));
    const images = new Set<string>();
    for (const path of paths) {
      const html = readPage(dist, path);
      const image = meta(html, 'og:image');
      expect(image, path).toMatch(new RegExp(`^${site}/og-image/[0-9a-f]{16}\\.png$`));
      images.add(image!);
      expect(meta(html, 'twitter:image'), path).toBe(image);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      for (const key of [
        'og:title',
        'og:description',
        'og:url',
        'og:type',
        'og:site_name',
        'og:image:alt',
        'twitter:title',
        'twitter:description',
      ])
        expect(meta(html, key), `${path} ${key}`).toBeTruthy();
      const file = join(dist, pathOf(image!));
      expect(existsSync(file), file).toBe(!onRequest.has(path));
      const res = await handler(new Request(image!));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      if (existsSync(file)) expect(png.equals(readFileSync(file)), path).toBe(true);
      expect(png.subarray(1, 4).toString(), path).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([1200, 630]);
    }
    expect(images.size).toBe(paths.length); // each page its own image
  }, 120_000);
});

const faqQuestions = (n: Record<string, unknown>[]) =>
  ofType(n, 'FAQPage').flatMap((f) => ((f.mainEntity ?? []) as { name: string }[]).map((q) => q.name));
