// What a visitor's first query downloads from the full-text index (Pagefind, src/build-time/write-search-index.ts):
// the build's own runtime (pagefind.js) runs here once per query, fresh, as on a first visit, with a `fetch` that
// reads the files from `distDir` and counts their bytes as stored (Pagefind's index files are compressed already;
// a host's transfer compression would only lower the JavaScript's share). Excerpts of the first `results` hits are
// loaded as the search page shows them. Used by bench:scale and its test; standalone:
//   node scripts/search-download.ts <distDir> ["query" ...]
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';

export interface QueryDownload {
  query: string;
  /** Bytes of every file the query fetched, the runtime included. */
  bytes: number;
  /** The same, by file (path within the index folder). */
  files: Record<string, number>;
  hits: number;
}

const HOME = 'https://pagefind.invalid';
/** Results the search page shows, each with its excerpt (SHOWN in src/site/pages/search/_site-search.ts). */
const SHOWN = 20;
const SLOT = Symbol.for('skribra.searchDownloadFetch');
/** Each runtime a distinct module: the same source imported twice would be the one module, its chunks cached. */
let runtimes = 0;

/** The index's first-query download for each query, with the excerpts of its first `results` hits. */
export async function searchDownload(distDir: string, queries: readonly string[], results = SHOWN): Promise<QueryDownload[]> {
  const dir = join(distDir, 'pagefind');
  const source = await readFile(join(dir, 'pagefind.js'), 'utf8');
  const out: QueryDownload[] = [];
  for (const query of queries) {
    const files: Record<string, number> = { 'pagefind.js': Buffer.byteLength(source) };
    (globalThis as unknown as Record<symbol, typeof fetch>)[SLOT] = (async (input: RequestInfo | URL) => {
      const path = normalize(new URL(input instanceof Request ? input.url : String(input)).pathname).replace(/^\/pagefind\//, '');
      const body = await readFile(join(dir, path));
      files[path] = (files[path] ?? 0) + body.length;
      return new Response(body);
    }) as typeof fetch;
    const shim = `// runtime ${runtimes++}\nconst fetch = (...a) => globalThis[Symbol.for('skribra.searchDownloadFetch')](...a);\n`;
    const pf = await import(`data:text/javascript;base64,${Buffer.from(shim + source).toString('base64')}`);
    await pf.options({ basePath: `${HOME}/pagefind/`, baseUrl: '/' });
    const found = await pf.search(query);
    await Promise.all((found?.results ?? []).slice(0, results).map((r: { data: () => Promise<unknown> }) => r.data()));
    out.push({ query, bytes: Object.values(files).reduce((a, b) => a + b, 0), files, hits: found?.results.length ?? 0 });
  }
  return out;
}

if (import.meta.main) {
  const [distDir, ...queries] = process.argv.slice(2);
  if (!distDir) {
    console.error('usage: node scripts/search-download.ts <distDir> ["query" ...]');
    process.exit(2);
  }
  for (const d of await searchDownload(distDir, queries.length ? queries : ['webhook signature', 'crawl budget', 'canonical'])) {
    console.log(
      `${d.query}: ${(d.bytes / 1024).toFixed(1)} KB, ${d.hits} hits; ${Object.entries(d.files)
        .map(([f, b]) => `${f} ${(b / 1024).toFixed(1)}`)
        .join(', ')}`,
    );
  }
}
