// The account-scoped MCP server (/v1/mcp), for customers' own agents. Every tool is one request of the content API
// (/v1) with the caller's key, made through the one pipeline: the same key checks in the same order (key shape,
// failed-auth limit, gate, 401, 429, project 404 before 403), the same quota bucket (list for list_projects,
// list_articles and sync; detail for get_article), the same answers and errors. The key itself never appears in
// an answer.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { CONTENT_BASE } from '../registry.ts';
import { contentDetailQuery, contentListQuery, syncQuery } from '../queries.ts';
import { enumOf, paramArg } from './query-facts.ts';
import { MCP_SERVER_VERSION, MCP_SERVERS } from './servers.ts';
import { READ_ONLY, resultOf, toolHandler, type Query } from './tool-result.ts';
import { ApiError } from '../http/api-error.ts';
import { toErrorResponse } from '../http/respond.ts';
import { endpointById, endpointPath } from './endpoint-path.ts';
import { addServerCardResource, type CardSource } from './server-card.ts';

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

/** GET /v1/articles/{slug}, or the 404 its path schema gives a slug that fails it (endpoint-path.ts). */
async function articleAnswer(ctx: AccountContext, slug: string, projectId: string): Promise<Response> {
  let path: string;
  try {
    path = endpointPath(endpointById('getOwnArticle'), { slug });
  } catch (err) {
    if (err instanceof ApiError) return toErrorResponse(err);
    throw err;
  }
  return ctx.call(path, { projectId });
}

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

  server.registerTool(
    'list_projects',
    {
      title: 'List your projects',
      description:
        'Every project of your account with its id, name, URL and whether its API is switched on. Pass an id as projectId to the other tools. Counts as a list request. The same answer as GET /v1/projects.',
      inputSchema: {},
      annotations: READ_ONLY,
    },
    toolHandler(() => ctx.call(`${CONTENT_BASE}/projects`)),
  );

  server.registerTool(
    'list_articles',
    {
      title: "List a project's articles",
      description:
        "One page of a project's published articles as cards (no body), with pagination (total, has_more). Pass updatedSince with the time of your last look to get only what changed. Read one whole with get_article. Counts as a list request. The same answer as GET /v1/articles.",
      inputSchema: {
        projectId: paramArg(contentListQuery, 'projectId', z.string()),
        page: paramArg(contentListQuery, 'page', z.number().int()).optional(),
        limit: paramArg(contentListQuery, 'limit', z.number().int()).optional(),
        updatedSince: paramArg(contentListQuery, 'updatedSince', z.string()).optional(),
        tag: paramArg(contentListQuery, 'tag', z.string()).optional(),
        sort: paramArg(contentListQuery, 'sort', z.enum(enumOf(contentListQuery, 'sort'))).optional(),
        order: paramArg(contentListQuery, 'order', z.enum(enumOf(contentListQuery, 'order'))).optional(),
      },
      annotations: READ_ONLY,
    },
    toolHandler((args) => ctx.call(`${CONTENT_BASE}/articles`, args)),
  );

  server.registerTool(
    'get_article',
    {
      title: 'Get one article',
      description:
        'One published article of a project, whole (HTML body, table of contents, sources, JSON-LD), with `consolidation`: what your site should do at this slug. render (status 200; noindex true means mark it not indexable), redirect (status 301 or 302 to location: the article was consolidated into another) or gone (status 404: unpublished or never published; then there is no data, only the not_found code and message). Counts as a detail request. The same answer as GET /v1/articles/{slug}.',
      inputSchema: {
        projectId: paramArg(contentDetailQuery, 'projectId', z.string()),
        slug: paramArg(endpointById('getOwnArticle').path!, 'slug', z.string(), "The article's slug, as list_articles or sync gives it."),
      },
      annotations: READ_ONLY,
    },
    toolHandler(async ({ projectId: id, slug }) => {
      // A slug that cannot be one (dot segments, slashes, empty) names nothing: gone, without a request.
      const res = await articleAnswer(ctx, slug, id);
      const body = (await res
        .clone()
        .json()
        .catch(() => undefined)) as
        | { code?: string; data?: { redirect_to?: string; redirect_type?: string; noindex?: boolean } }
        | undefined;
      if (res.ok && body?.data) {
        const a = body.data;
        const consolidation: Consolidation = a.redirect_to
          ? { action: 'redirect', status: a.redirect_type === 'permanent' ? 301 : 302, location: a.redirect_to }
          : { action: 'render', status: 200, noindex: a.noindex === true };
        return resultOf(res, { consolidation });
      }
      if (res.status === 404 && body?.code === 'not_found') {
        const { isError: _, ...gone } = await resultOf(res, { consolidation: { action: 'gone', status: 404 } satisfies Consolidation });
        return gone;
      }
      return resultOf(res);
    }),
  );

  server.registerTool(
    'sync',
    {
      title: 'Sync a project',
      description:
        "One page of a project's change feed: upserts carrying whole articles (as get_article gives them) and removals (unpublished or redirected), in change order. Without cursor, a full sync of every listed article; follow next_cursor while has_more, keep the last next_cursor and pass it next time to get only what changed since. A malformed, foreign or expired cursor is invalid_query: start again without one. Counts as a list request. The same answer as GET /v1/sync.",
      inputSchema: {
        projectId: paramArg(syncQuery, 'projectId', z.string()),
        cursor: paramArg(syncQuery, 'cursor', z.string()).optional(),
        limit: paramArg(syncQuery, 'limit', z.number().int()).optional(),
        fields: paramArg(syncQuery, 'fields', z.enum(enumOf(syncQuery, 'fields'))).optional(),
      },
      annotations: READ_ONLY,
    },
    toolHandler((args) => ctx.call(`${CONTENT_BASE}/sync`, args)),
  );

  addServerCardResource(server, card);
  return server;
}
