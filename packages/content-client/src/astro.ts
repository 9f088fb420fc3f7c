// An Astro content-layer loader (Astro 5+): `defineCollection({ loader: skribraLoader({ projectId }) })`.
// Builds from the sync feed alone: each page carries whole articles, so a first build of N articles makes
// ceil(N/100) requests and no detail request. The cursor lives in the loader's meta store and is stored after every
// page, so a rebuild asks only for what changed since the last one, and a build cut off midway goes on from the
// last page it received. Typed structurally, so this entry point needs no Astro types at run time or in its
// declarations.
import { clientFromEnv, type SkribraEnvOptions } from './client-from-env.ts';
import { SkribraError } from './errors.ts';
import { isPermanent } from './redirect.ts';
import { SKRIBRA_LOADER_NAME } from './loader-name.ts';
import type { OwnArticle } from './generated/api-types.ts';

/** One entry of the collection, keyed by slug: an article to render, or a slug that redirects. */
export type SkribraEntryData =
  | { kind: 'article'; article: OwnArticle; noindex: boolean }
  | { kind: 'redirect'; location: string; permanent: boolean };

/** The part of Astro's LoaderContext this loader uses. */
export interface SkribraLoaderContext {
  store: {
    set(entry: { id: string; data: Record<string, unknown>; digest?: string | number }): boolean;
    delete(id: string): void;
    clear(): void;
  };
  meta: { get(key: string): string | undefined; set(key: string, value: string): void; delete(key: string): void };
  logger: { info(message: string): void; warn(message: string): void };
  generateDigest(data: Record<string, unknown> | string): string;
}

export interface SkribraLoaderOptions extends SkribraEnvOptions {
  projectId: string;
}

/** Astro writes its data store 500 ms after the last change; a failing build waits past it so no page is lost. */
const ASTRO_SAVE_DEBOUNCE_MS = 500;

export function skribraLoader(options: SkribraLoaderOptions) {
  const { projectId, ...clientOptions } = options;
  return {
    name: SKRIBRA_LOADER_NAME,
    async load({ store, meta, logger, generateDigest }: SkribraLoaderContext): Promise<void> {
      const client = clientFromEnv(clientOptions);
      const key = `cursor:${projectId}`;
      const put = (slug: string, data: SkribraEntryData) => {
        store.set({
          id: slug,
          data: data as unknown as Record<string, unknown>,
          digest: generateDigest(data as unknown as Record<string, unknown>),
        });
      };
      const counts = { pages: 0, upserted: 0, removed: 0 };
      /** Applies every page as it arrives and stores its cursor, so a sync cut off later resumes after it. */
      const run = async (cursor: string | undefined) => {
        // A full sync starts from an empty collection; an interrupted one left its cursor, so it goes on instead.
        if (!cursor) store.clear();
        for await (const page of client.syncPages(projectId, cursor ? { cursor } : {})) {
          for (const article of page.upserted) put(article.slug, { kind: 'article', article, noindex: article.noindex === true });
          for (const r of page.removed) {
            if (r.reason === 'redirected' && r.redirect_to)
              put(r.slug, { kind: 'redirect', location: r.redirect_to, permanent: isPermanent(r.redirect_type) });
            else store.delete(r.slug);
          }
          meta.set(key, page.cursor);
          counts.pages++;
          counts.upserted += page.upserted.length;
          counts.removed += page.removed.length;
        }
      };
      let cursor = meta.get(key);
      try {
        try {
          await run(cursor);
        } catch (err) {
          // Too old (30 days) or from another store: start over with a full sync.
          if (!(cursor && counts.pages === 0 && err instanceof SkribraError && err.code === 'invalid_query')) throw err;
          logger.warn(`sync cursor refused (${err.message}); syncing everything`);
          cursor = undefined;
          await run(undefined);
        }
      } catch (err) {
        if (counts.pages) await new Promise((r) => setTimeout(r, ASTRO_SAVE_DEBOUNCE_MS + 300));
        const kept = counts.pages
          ? `; the ${counts.pages} page(s) received (${counts.upserted} articles) are kept and the next build goes on from there`
          : '';
        throw new Error(`Skribra sync of ${projectId} stopped: ${(err as Error).message}${kept}`, { cause: err });
      }
      logger.info(
        `${cursor ? 'incremental' : 'full'} sync of ${projectId}: ${counts.upserted} updated, ${counts.removed} removed in ${counts.pages} request(s)`,
      );
    },
  };
}

export { skribraDevRefresh, type SkribraDevRefreshOptions, type SkribraServerSetup } from './dev-refresh.ts';
