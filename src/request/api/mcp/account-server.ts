// The account-scoped MCP server (/v1/mcp), for customers' own agents. Every tool is one content API endpoint that
// declares one (its module's `tool`), and a call is one request of that endpoint (/v1) with the caller's key, made through the one pipeline: the same key checks in the same order (key shape,
// failed-auth limit, concurrency, 401, 429, project 404 before 403), the same quota bucket (list for list_projects,
// list_articles and sync; detail for get_article), the same answers and errors. The key itself never appears in
// an answer.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CONTENT_BASE, endpointsOf } from '../../../model/endpoints/registry.ts';
import { callEndpoint, toolInput } from './endpoint-tool.ts';
import { MCP_SERVER_VERSION, MCP_SERVERS } from './servers.ts';
import { READ_ONLY, resultOf, toolHandler, type Query } from './tool-result.ts';
import { addServerCardResource, type CardSource } from './server-card.ts';
import { redirectStatus } from '../../../model/schemas/article-removal.ts';

export interface AccountContext {
  /** GET of a content API path through the pipeline, with the caller's key and address. */
  call: (path: string, query?: Query) => Promise<Response>;
}

/** What a site does with an article answer (the consolidation fields read for it). */
export type Consolidation =
  | { action: 'render'; status: 200; noindex: boolean }
  | { action: 'redirect'; status: 301 | 302; location: string }
  | { action: 'gone'; status: 404 };

const instructions = (site: string) =>
  `Your Skribra account: the articles Skribra publishes for your projects. Start with list_projects to get a projectId; list_articles pages through a project's article cards; get_article gives one whole article and what your site should do with it (consolidation: render, redirect or gone); sync gives whole articles and removals since a cursor, to build or refresh a site. Each call is one request of the content API (${site}${CONTENT_BASE}) and counts against its rate limits; errors are its {code, message}.`;

/** What a site does at the slug, read off GET /v1/articles/{slug}'s answer: the get_article tool's result. */
async function consolidated(res: Response): Promise<CallToolResult> {
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: string; data?: { redirect_to?: string; redirect_type?: string; noindex?: boolean } } | undefined;
  if (res.ok && body?.data) {
    const a = body.data;
    const consolidation: Consolidation = a.redirect_to
      ? { action: 'redirect', status: redirectStatus(a.redirect_type), location: a.redirect_to }
      : { action: 'render', status: 200, noindex: a.noindex === true };
    return resultOf(res, { consolidation });
  }
  // Gone is still the API's 404, so a tool error (issue 47), that says what the site does at the slug.
  if (res.status === 404 && body?.code === 'not_found')
    return resultOf(res, { consolidation: { action: 'gone', status: 404 } satisfies Consolidation });
  return resultOf(res);
}

/** Tools whose result says more than the HTTP answer, by endpoint id. */
const RESULTS: Readonly<Record<string, (res: Response) => Promise<CallToolResult>>> = { getOwnArticle: consolidated };

export function accountServer(ctx: AccountContext, card: CardSource): McpServer {
  const server = new McpServer(
    {
      name: 'skribra-account',
      title: MCP_SERVERS.account.title,
      version: MCP_SERVER_VERSION,
      websiteUrl: `${card.site}${MCP_SERVERS.account.docs}`,
    },
    { instructions: instructions(card.site) },
  );

  // One tool per content endpoint that declares one (its `tool` in the registry), arguments from its schemas.
  for (const endpoint of endpointsOf('content')) {
    if (!endpoint.tool) continue;
    const { name, title, description } = endpoint.tool;
    const result = RESULTS[endpoint.id];
    server.registerTool(
      name,
      { title, description, inputSchema: toolInput(endpoint), annotations: READ_ONLY },
      toolHandler(async (args: Record<string, unknown>) => {
        // A slug that cannot be one (dot segments, slashes, empty) names nothing: its 404, without a request.
        const res = await callEndpoint(endpoint, args, ctx.call);
        return result ? result(res) : res;
      }),
    );
  }

  addServerCardResource(server, card);
  return server;
}
