import { loadCatalog, contentHash, type SiteContent } from '../../model/catalog/load-catalog.ts';
import { indexCatalog, type CatalogIndex } from '../../model/catalog/build-twins.ts';
import { siteSettings, type SiteSettings } from './site-settings.ts';

// On globalThis: Astro's pages run from its own module instances (Vite's runner in dev, its bundle at build), and
// must see the content the integration loaded, and its reset in dev. Kept with the settings it was loaded for: a
// process that serves another build (npm start following a new one, an origin over another folder) provides that
// build's settings, and its pages must not render the first build's content and site URL.
const KEY = Symbol.for('skribra.siteContent');
const slot = globalThis as unknown as Record<symbol, { settings: SiteSettings; loaded: SiteContent } | undefined>;

const ISOLATE = Symbol.for('skribra.isolateContentErrors');
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;

/**
 * `npm run dev`: from now on a content file with a problem breaks only its own page (loadCatalog's `isolate`; the
 * page shows the problems, src/site/content-error-middleware.ts), where a build refuses the whole folder.
 */
export function isolateContentErrors(): void {
  flags[ISOLATE] = true;
}

/** Forgets the loaded content, so the next siteContent() reads the files again (`npm run dev`, on a change). */
export function resetSiteContent(): void {
  slot[KEY] = undefined;
}

/**
 * The site's content, loaded once per settings provided (once per change in dev) from the folder and for the site
 * they name (site-settings.ts), by `load` the first time (a build's reads the cache:
 * content-cache.ts); the build id is a hash of the catalog itself.
 */
export function siteContent(load: typeof loadCatalog = loadCatalog): SiteContent {
  const settings = siteSettings();
  const cached = slot[KEY];
  if (cached?.settings === settings) return cached.loaded;
  const loaded = load(settings.contentDir, settings.siteUrl, undefined, { isolate: flags[ISOLATE] === true });
  loaded.catalog.build_id = contentHash(loaded.catalog);
  slot[KEY] = { settings, loaded };
  return loaded;
}

const indexes = new WeakMap<SiteContent['catalog'], CatalogIndex>();
/** The loaded content's lookups (indexCatalog), built once per load: a search per page would be quadratic at scale. */
export function catalogIndex(): CatalogIndex {
  const { catalog } = siteContent();
  let index = indexes.get(catalog);
  if (!index) indexes.set(catalog, (index = indexCatalog(catalog)));
  return index;
}
