import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { routes, staticFileFor } from '../api/http/routes.ts';
import type { Catalog } from '../api/public/catalog.ts';

/** Slugs that fill each detail route's `:slug`. */
const slugsFor = (catalog: Catalog): Record<string, string[]> => ({
  '/api/v1/glossary/:slug': catalog.terms.map((t) => t.slug),
  '/api/v1/tools/:slug': catalog.tools.map((t) => t.slug),
  '/api/v1/agents/:slug': catalog.agents.map((t) => t.slug),
  '/api/v1/features/:slug': catalog.features.map((t) => t.slug),
  '/api/v1/comparisons/:slug': catalog.comparisons.map((t) => t.slug),
});

/**
 * Writes the static file of every query-less public route by calling the public handler itself (DESIGN rule 1),
 * so a file and the function's answer for the same URL cannot differ. Returns the files written.
 */
export async function writeStaticApi(outDir: string, catalog: Catalog, handler: (req: Request) => Promise<Response>): Promise<string[]> {
  const written: string[] = [];
  const slugs = slugsFor(catalog);
  for (const route of routes) {
    if (!route.file) continue;
    const paramSets = route.pattern.includes(':slug') ? (slugs[route.pattern] ?? []).map((slug) => ({ slug })) : [{}];
    for (const params of paramSets) {
      const urlPath = route.pattern.replace(':slug', (params as { slug?: string }).slug ?? '');
      const res = await handler(new Request(`${catalog.site_url}${urlPath}`));
      if (res.status !== 200) throw new Error(`static API ${urlPath}: handler answered ${res.status}`);
      const file = staticFileFor({ route, params })!;
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), await res.text());
      written.push(file);
    }
  }
  return written;
}
