// Where a build's server bundle (the pages that render on request) lives, and how a server finds it. The bundle's
// chunks import the project's packages by path, so it is written inside the project (node_modules/.cache), one
// folder per output folder, and the build records the folder in its output (RENDER_RECORD). A Netlify function
// imports the last bundle by a stable path instead (CURRENT_BUNDLE), so that esbuild bundles it after the build.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARTIFACT_DIR } from '../request/api/public/load-artifacts.ts';
import { provideSiteSettings, type SiteSettings } from '../site/data/site-settings.ts';
import type { RenderPage } from '../request/blog/live-blog.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BUNDLES = join(ROOT, 'node_modules/.cache/skribra-render');
/** In a build's output: the absolute folder of its server bundle. */
export const RENDER_RECORD = `${ARTIFACT_DIR}/render.json`;
/** In a bundle's folder: the output folder it was built for (a bundle whose output is gone is pruned). */
const OWNER = 'out-dir.txt';
/**
 * In the project: a module re-exporting the `render` of the bundle recorded last. functions/blog-pages.mts imports
 * it, so Netlify's esbuild bundles the build's pages into the function (a path read from RENDER_RECORD would not be).
 */
export const CURRENT_BUNDLE = join(BUNDLES, 'current.mjs');

/** The server bundle's folder for a build into `outDir`. */
export function renderDirFor(outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  mkdirSync(BUNDLES, { recursive: true });
  const real = realpathSync(outDir);
  return join(BUNDLES, createHash('sha256').update(real).digest('hex').slice(0, 16));
}

/**
 * Records the bundle in the output with the settings its pages were built with (the pages read them as they render:
 * site-settings.ts), and prunes the others that are no longer needed (pruneRenderBundles).
 */
export function recordRenderBundle(outDir: string, renderDir: string, settings: SiteSettings): void {
  writeFileSync(join(renderDir, OWNER), realpathSync(outDir));
  writeFileSync(join(outDir, RENDER_RECORD), JSON.stringify({ dir: renderDir, settings }));
  writeFileSync(CURRENT_BUNDLE, `export { render } from './${basename(renderDir)}/entry.mjs';\n`);
  pruneRenderBundles(BUNDLES);
}

/** How long a bundle that no build recorded is kept: a build still running has not recorded its own yet. */
const UNRECORDED_MS = 24 * 60 * 60 * 1000;

/**
 * Removes from `bundles` each bundle whose output folder is gone, and each that no build recorded for a day (its
 * build failed or was stopped).
 */
export function pruneRenderBundles(bundles: string): void {
  for (const d of readdirSync(bundles, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const dir = join(bundles, d.name);
    const owner = join(dir, OWNER);
    const unneeded = existsSync(owner) ? !existsSync(readFileSync(owner, 'utf8')) : Date.now() - statSync(dir).mtimeMs > UNRECORDED_MS;
    if (unneeded) rmSync(dir, { recursive: true, force: true });
  }
}

/** The folders of the settings (the content the pages read among them), as absolute paths. */
const FOLDERS = ['contentDir', 'ogCacheDir', 'buildCacheDir'] as const;

/**
 * Provides the pages of the build in `distDir` with the settings it was built with, and returns them with its bundle's
 * entry; undefined for a build without a bundle (an older build, or none recorded). A folder of the build's checkout
 * is read under `root` instead: a Netlify function runs from its base directory (where included_files puts them),
 * not from the checkout the build ran in.
 */
export function provideRenderSettings(distDir: string, root = ROOT): { entry: string; settings: SiteSettings } | undefined {
  const record = join(distDir, RENDER_RECORD);
  if (!existsSync(record)) return undefined;
  const { dir, settings } = JSON.parse(readFileSync(record, 'utf8')) as { dir: string; settings: SiteSettings };
  // The checkout the build ran in: the bundle's folder is <checkout>/node_modules/.cache/skribra-render/<hash>.
  const builtIn = resolve(dir, '../../../..');
  for (const key of FOLDERS) {
    const rel = relative(builtIn, settings[key]);
    if (!rel.startsWith('..')) settings[key] = join(root, rel);
  }
  provideSiteSettings(settings);
  return { entry: join(dir, 'entry.mjs'), settings };
}

/** The `render` of the build in `distDir` (undefined for a build without one: an older build, or none recorded). */
export async function loadRenderBundle(distDir: string): Promise<RenderPage | undefined> {
  const bundle = provideRenderSettings(distDir);
  if (!bundle) return undefined;
  const mod = (await import(pathToFileURL(bundle.entry).href)) as { render: RenderPage };
  return mod.render;
}
