// The MCP `search_text` tool: the site's full-text index (Pagefind, written by the build to /pagefind/; the search
// page uses the same) searched from the server, so an agent finds pages by the words inside them, where `search` (the
// spec's /api/v1/search) matches titles and descriptions only. Pagefind's own runtime (/pagefind/pagefind.js, the
// build's) runs here as a module whose `fetch` reads the site's files through `readSite`, the way get_page reads
// them: no process-wide fetch is replaced. A new build (another pagefind-entry.json) loads its own runtime.
import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { ApiError } from '../http/api-error.ts';
import { parseQuery } from '../http/parse-query.ts';
import { searchQuery } from '../../../model/endpoints/queries.ts';
import { describeParam, paramArg } from './query-facts.ts';
import { READ_ONLY, toolHandler } from './tool-result.ts';
import { twinOf } from '../../../model/core/negotiate.ts';

/** Where the index lives on the site (src/build-time/write-search-index.ts writes it there). */
const INDEX = '/pagefind/';
/** The address the runtime's fetches are given, mapped back to paths of the site. */
const HOME = 'https://pagefind.invalid';

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string }; filters: { kind?: string[] } }>;
}
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  search: (q: string, o?: { filters?: Record<string, string> }) => Promise<{ results: PagefindResult[] } | null>;
}

/** The runtime's fetch for each loaded build, by key; the module reads its own entry on every call. */
const SLOT = Symbol.for('skribra.pagefindFetch');
const fetchers = ((globalThis as unknown as Record<symbol, Map<string, typeof fetch>>)[SLOT] ??= new Map());
/** The loaded runtime of the last build seen, and what reads the site for it now. */
let loaded: { entry: string; pagefind: Promise<Pagefind> } | undefined;
let reader: ((path: string) => Promise<Response>) | undefined;

async function siteText(readSite: (path: string) => Promise<Response>, path: string): Promise<string | undefined> {
  const res = await readSite(path);
  return res.ok ? res.text() : undefined;
}

/** Pagefind's runtime for the site's current build; unavailable when the build wrote no index. */
async function pagefindOf(readSite: (path: string) => Promise<Response>): Promise<Pagefind> {
  reader = readSite;
  const entry = await siteText(readSite, `${INDEX}pagefind-entry.json`);
  if (entry === undefined) throw new ApiError(503, 'unavailable', 'The site has no full-text index; use search.', { 'retry-after': '30' });
  if (loaded?.entry !== entry) {
    const key = createHash('sha256').update(entry).digest('hex').slice(0, 16);
    fetchers.set(key, (async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== HOME || !url.pathname.startsWith(INDEX)) return new Response('not the index', { status: 404 });
      return reader!(url.pathname);
    }) as typeof fetch);
    const pagefind = (async () => {
      const source = await siteText(readSite, `${INDEX}pagefind.js`);
      if (source === undefined) throw new ApiError(503, 'unavailable', 'The full-text index has no runtime; use search.');
      const shim = `const fetch = (...a) => globalThis[Symbol.for('skribra.pagefindFetch')].get(${JSON.stringify(key)})(...a);\n`;
      const pf = (await import(`data:text/javascript;base64,${Buffer.from(shim + source).toString('base64')}`)) as Pagefind;
      await pf.options({ basePath: `${HOME}${INDEX}`, baseUrl: '/', excerptLength: 30 });
      return pf;
    })();
    loaded = { entry, pagefind };
    pagefind.catch(() => {
      if (loaded?.pagefind === pagefind) loaded = undefined;
    });
  }
  return loaded.pagefind;
}

/** The excerpt as plain text: Pagefind's marks around matched words become **bold**, entities decoded. */
const plainExcerpt = (html: string) =>
  html
    .replace(/<\/?mark>/g, '**')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[e]!);

export interface FullTextHit {
  path: string;
  title: string;
  kind: string;
  excerpt: string;
  url: string;
  markdown_url: string;
}

/** `q` and `limit` validated, defaulted and capped as /api/v1/search does them; at most `limit` hits, best first. */
export async function searchText(
  readSite: (path: string) => Promise<Response>,
  site: string,
  args: { q: string; limit?: number; kind?: string },
): Promise<{ total: number; items: FullTextHit[] }> {
  const params = new URLSearchParams({ q: args.q });
  if (args.limit !== undefined) params.set('limit', String(args.limit));
  const { q, limit } = parseQuery(searchQuery.schema(), params) as { q: string; limit: number };
  const pagefind = await pagefindOf(readSite);
  const found = await pagefind.search(q, args.kind ? { filters: { kind: args.kind } } : {});
  const results = found?.results ?? [];
  const items = await Promise.all(
    results.slice(0, limit).map(async (r) => {
      const d = await r.data();
      return {
        path: d.url,
        title: d.meta.title ?? d.url,
        kind: d.filters.kind?.[0] ?? '',
        excerpt: plainExcerpt(d.excerpt),
        url: `${site}${d.url}`,
        markdown_url: `${site}${twinOf(d.url)}`,
      };
    }),
  );
  return { total: results.length, items };
}

/** Registers `search_text` on the public MCP server. */
export function registerSearchText(server: McpServer, site: string, readSite: (path: string) => Promise<Response>): void {
  server.registerTool(
    'search_text',
    {
      title: 'Search the words of every page',
      description:
        "Full-text search of the site: the words inside every page (glossary bodies, docs, features, integrations, comparisons, tools and blog articles), best match first, the site search page's index. Each hit has path, title, kind, excerpt (matched words in **bold**), url and markdown_url; read one whole with get_page. `search` matches titles and descriptions only (GET /api/v1/search).",
      inputSchema: {
        q: paramArg(searchQuery, 'q', describeParam(searchQuery, 'q').replace(/; every whitespace-separated token.*$/, '.')),
        limit: paramArg(searchQuery, 'limit'),
        kind: z
          .string()
          .max(100)
          .optional()
          .describe('Only pages of this kind, as the search page names them: Glossary, Docs, Tool, Feature, Blog...'),
      },
      annotations: READ_ONLY,
    },
    // The SDK has checked the arguments against the schemas above: q a string, limit a number.
    toolHandler(async (args) => {
      const data = await searchText(readSite, site, args as Parameters<typeof searchText>[2]);
      return { content: [{ type: 'text', text: JSON.stringify({ data }) }], structuredContent: { data } };
    }),
  );
}
