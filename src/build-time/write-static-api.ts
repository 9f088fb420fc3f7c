import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { staticFileOf } from '../request/api/http/stages/match.ts';
import { endpointsOf } from '../model/endpoints/registry.ts';
import type { Catalog } from '../model/catalog/catalog.ts';
import { outputStore, type OutputStore } from '../model/core/output-store.ts';
import { decodePath, joinedPath } from '../model/core/decode-path.ts';

/**
 * Writes the static file of every query-less public endpoint the registry marks `static`, for every slug of its
 * collection, by calling the public handler itself (DESIGN rule 2), so a file and the function's answer for the
 * same URL cannot differ, through `store` (an unchanged file is linked: output-store.ts). Returns each request path
 * answered by a file, with that file.
 */
export async function writeStaticApi(
  outDir: string,
  catalog: Catalog,
  handler: (req: Request) => Promise<Response>,
  store: OutputStore = outputStore(),
): Promise<Record<string, string>> {
  const written: Record<string, string> = {};
  const made = new Set<string>(); // one mkdir per directory, not per file: 10,000 terms share one
  for (const endpoint of endpointsOf('public')) {
    if (!endpoint.static) continue;
    const { slugs } = endpoint.static;
    const paramSets = slugs ? catalog[slugs].map(({ slug }) => ({ slug })) : [{}];
    for (const params of paramSets) {
      const urlPath = endpoint.pattern.replace(/:(\w+)/g, (_, n: string) => (params as Record<string, string>)[n]!);
      const res = await handler(new Request(`${catalog.site_url}${urlPath}`));
      if (res.status !== 200) throw new Error(`static API ${urlPath}: handler answered ${res.status}`);
      const file = staticFileOf({ endpoint, params })!;
      const dir = dirname(join(outDir, file));
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      store.write(join(outDir, file), await res.text());
      written[joinedPath(decodePath(urlPath))] = file;
    }
  }
  return written;
}
