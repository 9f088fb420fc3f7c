import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { endpoints } from '../../src/model/endpoints/registry.ts';
import { PAGE_KINDS } from '../../src/model/catalog/page-kinds.ts';

/** The registry as the routes these tests walk: pattern, API and static file. */
const routes = endpoints.map((e) => ({ pattern: e.pattern, api: e.api, file: e.static?.file }));
import { inlineScriptHashes, scriptHashesOf } from '../../src/build-time/inline-script-hashes.ts';
import { redirectsFile, headersFile } from '../../src/build-time/netlify-files.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';

let dist: string;
let site: string;
let catalog: Catalog;
beforeAll(async () => {
  ({ distDir: dist, siteUrl: site } = await builtSite());
  catalog = builtCatalog(dist);
});
const html = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8');
const escaped = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

describe('the real content builds into a complete site', () => {
  it('has the content the site promises', () => {
    expect(catalog.terms.length).toBeGreaterThanOrEqual(60);
    expect(catalog.categories.length).toBeGreaterThanOrEqual(6);
    expect(new Set(catalog.tools.map((t) => t.runs_on))).toEqual(new Set(['browser', 'server']));
    expect(catalog.tools.length).toBeGreaterThanOrEqual(8);
    expect(new Set(catalog.agents.map((a) => a.kind))).toEqual(new Set(['autonomous', 'recommend']));
    expect(catalog.agents.length).toBeGreaterThanOrEqual(6);
    expect(catalog.features.length).toBeGreaterThanOrEqual(8);
    expect(catalog.comparisons.length).toBeGreaterThanOrEqual(4);
    // Every kind of page has pages: the site's own, the glossary's and one per declared collection.
    expect(new Set(catalog.pages.map((p) => p.kind))).toEqual(new Set(PAGE_KINDS));
  });

  it('renders every catalog page with one h1, its title, description, canonical URL and markdown twin link', () => {
    for (const page of catalog.pages) {
      const doc = html(page.path);
      expect(doc.match(/<h1[\s>]/g), page.path).toHaveLength(1);
      expect(doc, page.path).toContain(`<meta name="description" content="${escaped(page.description)}"`);
      expect(doc, page.path).toContain(`<link rel="canonical" href="${site}${page.path}"`);
      expect(doc, page.path).toContain(`<link rel="alternate" type="text/markdown" href="${page.markdown_url}"`);
      expect(doc, page.path).toMatch(/<main id="main"/);
      expect(doc, page.path).toMatch(/<title>[^<]+<\/title>/);
    }
  });

  it('cross-references in glossary sections become absolute links in HTML and JSON', () => {
    const withLinks = catalog.terms.filter((t) => t.sections!.some((s) => s.content.includes(`](${site}/glossary/`)));
    expect(withLinks.length).toBeGreaterThan(50);
    for (const t of catalog.terms) for (const s of t.sections!) expect(s.content, t.slug).not.toMatch(/\[\[|\]\(\//);
  });

  it('writes a static API file for every static route and slug', () => {
    // The public API's (the image API's static files are the images the build renders: tests/seo).
    for (const route of routes.filter((r) => r.file && r.api === 'public')) {
      const slugs = route.pattern.endsWith(':slug')
        ? [catalog[route.pattern.split('/')[3] as 'tools']?.[0]?.slug ?? catalog.terms[0]!.slug]
        : [''];
      for (const slug of slugs) {
        const file = join(dist, route.file!.replace(':slug', slug));
        expect(existsSync(file), file).toBe(true);
        expect(JSON.parse(readFileSync(file, 'utf8')).data, file).toBeDefined();
      }
    }
    expect(existsSync(join(dist, 'api/v1/glossary', `${catalog.terms.at(-1)!.slug}.json`))).toBe(true);
  });

  it('writes the Netlify routing files generated from the route table', () => {
    const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
    expect(redirects).toBe(redirectsFile());
    for (const r of routes) {
      const line = `${r.pattern}  ${r.file}  200`;
      if (r.file && r.api === 'public') expect(redirects).toContain(line);
      else expect(redirects).not.toContain(`${r.pattern}  `);
    }
    const headers = readFileSync(join(dist, '_headers'), 'utf8');
    expect(headers).toBe(headersFile(inlineScriptHashes(dist)));
    // Every inline script of the pages is allowed by its hash, and no script by `unsafe-inline`.
    expect(inlineScriptHashes(dist).length).toBeGreaterThan(0);
    expect(headers).toMatch(
      /^\/\*\n( {2}.+\n)* {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+; /m,
    );
    expect(headers).not.toMatch(/script-src[^;]*unsafe-inline/);
    // A build does not read the term pages it took from its cache for their scripts: a term page's inline scripts
    // must be the layout's, which the other pages carry.
    const termPages = new Set(catalog.terms.map((t) => `glossary/${t.slug}/index.html`));
    const others = inlineScriptHashes(dist, termPages);
    for (const page of termPages)
      expect(others, page).toEqual(expect.arrayContaining([...scriptHashesOf(readFileSync(join(dist, page), 'utf8'))]));
    expect(headers).toMatch(/^\/api\/v1\/\*\n( {2}.+\n)* {2}Access-Control-Allow-Origin: \*\n/m);
    expect(headers).toMatch(/^\/api\/v1\/\*\n( {2}.+\n)* {2}Content-Type: application\/json; charset=utf-8\n/m);
    // The images the build wrote at their content-addressed URLs: cached for ever, as the image function answers them.
    expect(headers).toMatch(/^\/og-image\/\*\n( {2}.+\n)* {2}Cache-Control: public, max-age=31536000, immutable\n/m);
  });
});
