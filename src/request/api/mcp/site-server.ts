// The public MCP server (/mcp): the site for agents. Every tool is a request of the public API (/api/v1) made through
// the one pipeline, so its answer, its limits (caps, `q` length) and its errors are the API's; get_page and the
// resources read the site's own files (markdown twins, llms.txt), as a client of the site would.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { ApiError, invalidQuery } from '../http/api-error.ts';
import { endpoints, PUBLIC_BASE, type Endpoint } from '../../../model/endpoints/registry.ts';
import { endpointById, endpointPath } from './endpoint-path.ts';
import { answerTooLarge, MCP_ANSWER_LIMIT } from './answer-limit.ts';
import { glossaryQuery, pagesQuery, wholeListQuery } from '../../../model/endpoints/queries.ts';
import { decodePath } from '../../../model/core/decode-path.ts';
import { match } from '../http/stages/match.ts';
import { twinOf } from '../../../model/core/negotiate.ts';
import { COLLECTIONS as DECLARED } from '../../../model/catalog/collections.ts';
import { describeParam, paramArg } from './query-facts.ts';
import { callEndpoint, toolInput } from './endpoint-tool.ts';
import { MCP_SERVER_VERSION, MCP_SERVERS } from './servers.ts';
import { READ_ONLY, resultOf, toolHandler, type Query } from './tool-result.ts';
import { addServerCardResource, type CardSource } from './server-card.ts';
import { registerSearchText } from './full-text-search.ts';
import { withTextFallback } from './search-fallback.ts';

export interface SiteContext {
  /** The site the build is for (catalog.site_url): resource URIs and the pages get_page accepts. */
  site: string;
  /** The origins whose pages get_page accepts: the site's and its configured aliases. Never the request's Host. */
  origins: readonly string[];
  /** GET of a public API path through the pipeline. */
  api: (path: string, query?: Query) => Promise<Response>;
  /** GET of a file of the site (a markdown twin, llms.txt). */
  readSite: (path: string) => Promise<Response>;
}

/** The collections `list` pages through, each the public API's list endpoint of that name. */
const COLLECTIONS: Record<string, string> = {
  pages: 'listPages',
  glossary: 'listGlossaryTerms',
  'glossary-categories': 'listGlossaryCategories',
  ...Object.fromEntries(DECLARED.map((c) => [c.key, c.api.list.id])),
};
type Collection = string;
const declared = DECLARED.map((c) => c.key);
const endpointOf = (collection: Collection) => endpoints.find((e) => e.id === COLLECTIONS[collection])!;
/** The filters of `list`, each a query parameter of the collections that read it. */
const FILTERS = ['kind', 'category', 'q', 'full'] as const;

/** The endpoints that are each one tool: its name, wording and arguments are theirs (their `tool`, endpoint-tool.ts). */
const SEARCH = endpointById('searchPages');
const GLOSSARY_TERM = endpointById('getGlossaryTerm');
const COMPARISONS = `${PUBLIC_BASE}/comparisons`;
const comparisonId = DECLARED.find((c) => c.key === 'comparisons')!.api.detail.id;
const normal = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const instructions = (site: string) =>
  `Skribra is an automated SEO content engine; this server is its public website for agents. Find pages with \`search\` (titles and descriptions, best match first), \`search_text\` (the words inside every page, with the passage that matched; use it for a phrase such as an error message or a field name) or \`list\` (a collection, page by page); read any page as markdown with \`get_page\`. \`get_glossary_term\` gives an SEO glossary term whole; \`compare\` gives how Skribra compares with a named competitor. Every answer is the public API's (${site}${PUBLIC_BASE}), errors included as {code, message}.`;

export function siteServer(ctx: SiteContext, card: CardSource): McpServer {
  const { site } = ctx;
  const server = new McpServer(
    { name: 'skribra-site', title: MCP_SERVERS.site.title, version: MCP_SERVER_VERSION, websiteUrl: `${site}${MCP_SERVERS.site.docs}` },
    { instructions: instructions(site) },
  );

  endpointTool(server, SEARCH, async (args) =>
    withTextFallback(await callEndpoint(SEARCH, args, ctx.api), String(args.q), ctx.readSite, site),
  );
  registerSearchText(server, site, ctx.readSite);

  server.registerTool(
    'get_page',
    {
      title: 'Read a page as markdown',
      description: `Read any page of the site as markdown: its markdown twin, the same content as the HTML page. Give the page's URL (${site}/glossary/canonical-url/) or its path (/glossary/canonical-url/); a .md URL works too. Find pages with search or list. A path that names no page is not_found.`,
      inputSchema: { url: z.string().max(2048).describe(`A page of ${site}: an absolute URL or a path from the site root.`) },
      annotations: READ_ONLY,
    },
    toolHandler(async ({ url }) => ({ content: [{ type: 'text', text: await twinText(ctx, url) }] })),
  );

  endpointTool(server, GLOSSARY_TERM, (args) => callEndpoint(GLOSSARY_TERM, args, ctx.api));

  server.registerTool(
    'list',
    {
      title: 'List a collection',
      description: `One page of a collection of the site with its pagination (total, total_pages, has_more): pages (every page of the site; filter by kind), glossary (SEO terms; filter by category or q, full=true for whole terms), glossary-categories, ${declared.slice(0, -1).join(', ')} or ${declared.at(-1)}. Ask for the next page with page + 1 while has_more is true. The same answers as GET /api/v1/{pages,glossary,glossary/categories,${declared.join(',')}}.`,
      inputSchema: {
        collection: z.enum(Object.keys(COLLECTIONS) as [Collection, ...Collection[]]).describe('Which collection to list.'),
        page: paramArg(pagesQuery, 'page'),
        limit: paramArg(
          pagesQuery,
          'limit',
          `pages and glossary: ${describeParam(pagesQuery, 'limit')} The other collections: ${describeParam(wholeListQuery, 'limit')}`,
        ),
        kind: paramArg(pagesQuery, 'kind', `pages only. ${describeParam(pagesQuery, 'kind')}`),
        category: paramArg(
          glossaryQuery,
          'category',
          `glossary only. ${describeParam(glossaryQuery, 'category')} glossary-categories lists them.`,
        ),
        q: paramArg(glossaryQuery, 'q', `glossary only. ${describeParam(glossaryQuery, 'q')}`),
        full: paramArg(glossaryQuery, 'full', `glossary only. ${describeParam(glossaryQuery, 'full')}`),
      },
      annotations: READ_ONLY,
    },
    toolHandler(async ({ collection, page, limit, ...filters }) => {
      const endpoint = endpointOf(collection);
      for (const name of FILTERS) {
        if (filters[name] !== undefined && !endpoint.query?.keys.includes(name)) {
          const takers = (Object.keys(COLLECTIONS) as Collection[]).filter((c) => endpointOf(c).query?.keys.includes(name));
          throw invalidQuery(name, `does not apply to the ${collection} collection, only to ${takers.join(' and ')}`);
        }
      }
      return callEndpoint(endpoint, { page, limit, ...filters }, ctx.api);
    }),
  );

  server.registerTool(
    'compare',
    {
      title: 'Compare with a competitor',
      description:
        "How Skribra compares with one competitor: the comparison with its feature matrix, where each side wins, and its FAQ. Give the competitor's name (as written on the site) or the comparison's slug; an unknown name is not_found and lists the competitors there are. The same answer as GET /api/v1/comparisons/{slug}.",
      inputSchema: { competitor: z.string().max(100).describe("The competitor's name, or the comparison's slug.") },
      annotations: READ_ONLY,
    },
    toolHandler(async ({ competitor }) => {
      const list = await ctx.api(COMPARISONS);
      if (!list.ok) return resultOf(list);
      const { data } = (await list.json()) as { data: { items: { slug: string; competitor: string }[] } };
      const wanted = normal(competitor);
      const found = data.items.find((c) => normal(c.competitor) === wanted || c.slug === competitor.trim());
      if (!found)
        throw new ApiError(
          404,
          'not_found',
          `No comparison with a competitor named "${competitor.slice(0, 60)}"; the site compares Skribra with ${data.items.map((c) => c.competitor).join(', ')}.`,
        );
      return ctx.api(endpointPath(endpointById(comparisonId), { slug: found.slug }));
    }),
  );

  server.registerResource(
    'llms-txt',
    `${site}/llms.txt`,
    {
      title: 'llms.txt',
      mimeType: 'text/plain',
      description: 'The index of the site for language models (llmstxt.org): every page, grouped by section, linked to its markdown twin.',
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: await fileText(ctx, '/llms.txt', uri.href, 'text/plain') }],
    }),
  );

  server.registerResource(
    'page',
    new ResourceTemplate(`${site}/{+path}.md`, { list: undefined }),
    {
      title: 'A page as markdown',
      mimeType: 'text/markdown',
      description: `Any page of the site as markdown, by its markdown twin URL: ${site}/glossary/canonical-url.md for ${site}/glossary/canonical-url/, ${site}/index.md for the home page. llms.txt links every one.`,
    },
    async (uri, { path }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await fileText(ctx, `/${String(path)}.md`, uri.href, 'text/markdown') }],
    }),
  );

  addServerCardResource(server, card);
  return server;
}

/** The tool an endpoint declares (its `tool`: name, title, description), its arguments the endpoint's parameters. */
function endpointTool(server: McpServer, endpoint: Endpoint, call: (args: Record<string, unknown>) => Promise<Response | CallToolResult>) {
  const { name, title, description } = endpoint.tool!;
  server.registerTool(name, { title, description, inputSchema: toolInput(endpoint), annotations: READ_ONLY }, toolHandler(call));
}

/** The markdown twin of a page of this site, given its URL or path; not_found for anything else. */
async function twinText(ctx: SiteContext, given: string): Promise<string> {
  let target: URL;
  try {
    target = new URL(given.trim(), `${ctx.site}/`);
  } catch {
    throw invalidQuery('url', 'must be a URL or a path of the site');
  }
  if (!ctx.origins.includes(target.origin)) throw invalidQuery('url', `must be a page of ${ctx.site}`);
  const missing = () => new ApiError(404, 'not_found', `No page at ${target.pathname}; find pages with search or list.`);
  const file = target.pathname.endsWith('.md') ? target.pathname : twinOf(target.pathname);
  // Only a file of the site is read: never a path an API answers (an endpoint, or an API root's 404).
  const decoded = decodePath(file);
  if (!decoded.clean || match(decoded).to !== 'site') throw missing();
  const res = await ctx.readSite(file);
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/markdown')) throw missing();
  if (tooLarge(res)) throw answerTooLarge();
  return res.text();
}

/** A file whose declared length alone passes the answer limit is refused before it is read. */
const tooLarge = (res: Response) => Number(res.headers.get('content-length')) > MCP_ANSWER_LIMIT;

/**
 * A site file's text for a resource read; a missing one (or one that is not of the resource's type: an API answer,
 * an HTML page) is the SDK's own "not found" error.
 */
async function fileText(ctx: SiteContext, path: string, uri: string, type: string): Promise<string> {
  const res = decodePath(path).clean ? await ctx.readSite(path) : undefined;
  if (res?.status === 200 && res.headers.get('content-type')?.startsWith(type)) {
    if (!tooLarge(res)) return res.text();
    const err = answerTooLarge();
    throw new McpError(ErrorCode.InvalidRequest, err.message, { code: err.code });
  }
  throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`, { code: 'not_found' });
}
