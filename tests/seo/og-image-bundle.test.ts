// The image function as Netlify ships it (scripts/netlify/bundle-function.ts): bundled by esbuild, with only what
// netlify.toml includes (the index, the fonts, resvg's package), run in a fresh process away from the checkout. It
// must find its fonts and satori's WebAssembly, answer within the function limits, and give the build's bytes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import { ogImageSet } from '../../src/request/seo/og-image-set.ts';
import { renderOgPng } from '../../src/request/seo/render-og-png.ts';
import { bundleFunction, type FunctionBundle } from '../../scripts/netlify/bundle-function.ts';

let tmp: string;
let site: string;
let catalog: Catalog;
let bundle: FunctionBundle;
beforeAll(async () => {
  const built = await builtSite();
  site = built.siteUrl;
  catalog = builtCatalog(built.distDir);
  tmp = mkdtempSync(join(tmpdir(), 'skribra-og-bundle-test-'));
  bundle = await bundleFunction('og-image', { distDir: built.distDir, outDir: tmp });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('functions/og-image.mts, bundled as Netlify bundles it', () => {
  it('ships only its index, its two fonts and the packages it keeps external', () => {
    expect(bundle.included.filter((f) => !f.startsWith('dist/_skribra/og/')).sort()).toEqual([
      'node_modules/@fontsource/inter/files/inter-latin-400-normal.woff',
      'node_modules/@fontsource/inter/files/inter-latin-700-normal.woff',
      'node_modules/@fontsource/inter/package.json',
    ]);
    expect(bundle.includedBytes).toBeLessThan(5 * 2 ** 20);
  });

  it("renders a term's image in a fresh process from its own directory: a PNG of the build's bytes, within the limits", async () => {
    const set = ogImageSet(catalog, { articles: [], summaries: [] });
    const term = set.images.find((i) => i.card.path === catalog.pages.find((p) => p.kind === 'glossary')!.path)!;
    const script = `
      const t0 = performance.now();
      const fn = await import(${JSON.stringify(bundle.entry)});
      const t1 = performance.now();
      const res = await fn.default(new Request(${JSON.stringify(`${site}${term.url}`)}));
      const body = Buffer.from(await res.arrayBuffer());
      const t2 = performance.now();
      const missing = await fn.default(new Request(${JSON.stringify(`${site}/og-image/0123456789abcdef.png`)}));
      process.stdout.write(JSON.stringify({ status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), png: body.toString('base64'), missing: missing.status, importMs: t1 - t0, renderMs: t2 - t1 }));`;
    // No SKRIBRA_DIST_DIR: the function finds dist/ under its working directory, as on Netlify.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'SKRIBRA_DIST_DIR' && k !== 'NODE_OPTIONS'));
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: bundle.dir,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout) as {
      status: number;
      type: string;
      cache: string;
      png: string;
      missing: number;
      importMs: number;
      renderMs: number;
    };
    expect(out).toMatchObject({ status: 200, type: 'image/png', cache: 'public, max-age=31536000, immutable', missing: 404 });
    expect(Buffer.from(out.png, 'base64').equals(Buffer.from(await renderOgPng(term.card, set.host, term.width)))).toBe(true);
    // Netlify's synchronous limit is 60 s; a cold instance answers in about a second.
    expect(out.importMs + out.renderMs).toBeLessThan(10_000);
  });
});
