// An Astro content-layer loader (Astro 5+): `defineCollection({ loader: skribraLoader({ projectId }) })`.
// Incremental between builds: the sync cursor lives in the loader's meta store, so a rebuild asks only for what
// changed since the last one and fetches the body of just those articles. Typed structurally, so this entry point
// needs no Astro types at run time or in its declarations.
import { createClient, type Client, type ClientOptions } from './client.ts';
import { SkribraError } from './errors.ts';
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

export interface SkribraLoaderOptions extends Partial<ClientOptions> {
  projectId: string;
  /** Use this client instead of making one from the options (apiKey defaults to $SKRIBRA_API_KEY). */
  client?: Client;
  /** Article bodies fetched at once (default 4). */
  concurrency?: number;
}

const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

async function inPool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

export function skribraLoader(options: SkribraLoaderOptions) {
  const { projectId, client: given, concurrency = 4, ...clientOptions } = options;
  return {
    name: 'skribra-loader',
    async load({ store, meta, logger, generateDigest }: SkribraLoaderContext): Promise<void> {
      const client = given ?? createClient({
        ...clientOptions,
        apiKey: clientOptions.apiKey ?? env('SKRIBRA_API_KEY') ?? '',
        baseUrl: clientOptions.baseUrl ?? env('SKRIBRA_BASE_URL'),
      });
      const key = `cursor:${projectId}`;
      let cursor = meta.get(key);
      let changes;
      try {
        changes = await client.sync(projectId, cursor ? { cursor } : {});
      } catch (err) {
        // Too old (30 days) or from another store: start over with a full sync.
        if (!(cursor && err instanceof SkribraError && err.code === 'invalid_query')) throw err;
        logger.warn(`sync cursor refused (${err.message}); syncing everything`);
        cursor = undefined;
        changes = await client.sync(projectId);
      }
      if (!cursor) store.clear();

      const put = (slug: string, data: SkribraEntryData) => {
        store.set({ id: slug, data: data as unknown as Record<string, unknown>, digest: generateDigest(data as unknown as Record<string, unknown>) });
      };
      /** Fetches the article and files what a site does with it; every change goes through here. */
      const refresh = async (slug: string) => {
        const got = await client.articles.get(projectId, slug);
        if (got.kind === 'article') put(slug, { kind: 'article', article: got.article, noindex: got.noindex });
        else if (got.kind === 'redirect') put(slug, { kind: 'redirect', location: got.location, permanent: got.permanent });
        else store.delete(slug);
      };
      for (const r of changes.removed) if (r.reason === 'unpublished') store.delete(r.slug);
      const toFetch = [...changes.upserted.map((a) => a.slug), ...changes.removed.filter((r) => r.reason === 'redirected').map((r) => r.slug)];
      await inPool(toFetch, concurrency, refresh);
      meta.set(key, changes.cursor);
      logger.info(`${cursor ? 'incremental' : 'full'} sync of ${projectId}: ${changes.upserted.length} updated, ${changes.removed.length} removed`);
    },
  };
}
