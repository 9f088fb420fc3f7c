// Handlers are typed by the registry (src/request/api/http/handlers-of.ts): a table's by its API's entries, an endpoint
// module's by its declaration, the answer by the declaration's output schema (src/request/api/http/answer.ts). The checks are the compiler's: `npm run
// check` (tsc over tests/ too) fails if a line under `@ts-expect-error` compiles, so each of them proves a table
// with a missing, extra or mistyped handler, or an answer its output schema does not describe, is refused. The
// runtime part shows the good tables are real ones, and that a pipeline checking answers refuses a wrong shape.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Reply } from '../../src/request/api/http/respond.ts';
import { answer, preparedAnswer } from '../../src/request/api/http/answer.ts';
import { bindHandlers } from '../../src/request/api/http/bind-handlers.ts';
import type { CtxOf, HandlerOf, HandlersOf } from '../../src/request/api/http/handlers-of.ts';
import { createPipeline } from '../../src/request/api/http/pipeline.ts';
import { getOwnArticle } from '../../src/model/endpoints/content/get-own-article.endpoint.ts';
import { listOwnArticles } from '../../src/model/endpoints/content/list-own-articles.endpoint.ts';
import { listOwnProjects } from '../../src/model/endpoints/content/list-own-projects.endpoint.ts';
import { syncOwnArticles } from '../../src/model/endpoints/content/sync-own-articles.endpoint.ts';
import { endpoints, endpointsOf } from '../../src/model/endpoints/registry.ts';
import { kebab } from '../../src/model/endpoints/endpoint.ts';

const ok = () => ({ data: null });
type Access = { accountId: string };

/** Content endpoint modules' handlers: each reads what its endpoint declares, typed as its schema outputs it. */
const projects: HandlerOf<typeof listOwnProjects, Access> = ({ access }) =>
  answer(listOwnProjects, { data: { items: [{ id: access.accountId, api_enabled: true }] } });
const articles: HandlerOf<typeof listOwnArticles, Access> = ({ query: { projectId, page, limit, updatedSince } }) => {
  const pagination = { page, limit, total: 0, total_pages: 0, has_more: updatedSince === undefined };
  return answer(listOwnArticles, { data: { items: [], pagination: { ...pagination, has_more: projectId.trim() === '' } } });
};
const article: HandlerOf<typeof getOwnArticle, Access> = ({ params: { slug }, query: { projectId } }) =>
  preparedAnswer(getOwnArticle, { body: `${projectId}/${slug}`, etag: '"e"' });

const extraField: HandlerOf<typeof listOwnProjects> = () =>
  answer(listOwnProjects, {
    data: {
      items: [
        {
          id: 'p',
          api_enabled: true,
          // @ts-expect-error a handler answering a field its output schema lacks (an OwnProject has no `secret`)
          secret: 'x',
        },
      ],
    },
  });

// @ts-expect-error a handler answering without a field its output schema requires (`api_enabled`)
const missingField: HandlerOf<typeof listOwnProjects> = () => answer(listOwnProjects, { data: { items: [{ id: 'p' }] } });

// @ts-expect-error a bare value is not an answer: it was never checked against the endpoint's output schema
const bare: HandlerOf<typeof listOwnProjects> = () => ({ data: { items: [] } });

const sync = { data: { items: [], next_cursor: 'c', has_more: false } };
// @ts-expect-error an answer checked against another endpoint's schema
const otherSchema: HandlerOf<typeof listOwnProjects> = () => answer(syncOwnArticles, sync);

// @ts-expect-error reads a query parameter its endpoint does not declare (GET /v1/projects has no query)
const undeclared: HandlerOf<typeof listOwnProjects> = ({ query: { page } }) => answer(listOwnProjects, { data: { items: [page] } });

const tools: HandlersOf<'tools'> = { runServerTool: ({ params: { slug } }) => ({ data: slug.toUpperCase() }) };

// @ts-expect-error a table without the handler of one of its API's endpoints (getMcpServerCardOf)
const missing: HandlersOf<'mcp'> = { callPublicMcp: ok, getMcpServerCard: ok };

const extra: HandlersOf<'tools'> = {
  runServerTool: ok,
  // @ts-expect-error a handler for an id its API does not declare
  runOtherTool: ok,
};

const undeclaredQuery: HandlersOf<'tools'> = {
  // @ts-expect-error reads a query parameter its endpoint does not declare (runServerTool has no query)
  runServerTool: ({ query: { page } }) => ({ data: page }),
};

const blogWithoutPagination: Pick<HandlersOf<'public'>, 'listBlogArticles'> = {
  // @ts-expect-error a table's handler answering without what its endpoint's output requires (the list's pagination)
  listBlogArticles: async () => ({ data: { items: [] } }),
};

// @ts-expect-error a handler whose ctx.query type is not its endpoint's (limit is a number)
const wrongQueryType: HandlerOf<typeof listOwnArticles, Access> = ({ query }: { query: { projectId: string; limit: string } }) =>
  answer(listOwnArticles, query.limit as never);

// @ts-expect-error a value read as the wrong type: `limit` of GET /api/v1/search is a number
const wrongRead = ({ query: { q, limit } }: CtxOf<'searchPages'>) => q.toUpperCase() + limit.toUpperCase();

// @ts-expect-error an open endpoint's handler gets no access, whatever the API's authenticate returns
const openAccess = ({ access }: CtxOf<'getPricing', Access>) => access.accountId;

describe('typed endpoint handlers', () => {
  it('take correct tables as the pipeline runs them (the refused ones above are for `npm run check`)', async () => {
    const pipeline = createPipeline({ apis: { tools: { handlers: tools } } });
    const res = await pipeline(new Request('http://x/tools-api/seo-checker', { method: 'POST' }));
    expect(await res.json()).toEqual({ data: 'SEO-CHECKER' });
    expect([projects, articles, article].every((h) => typeof h === 'function')).toBe(true);
    const refused = [missing, extra, undeclaredQuery, wrongQueryType, wrongRead, openAccess, blogWithoutPagination];
    expect([...refused, extraField, missingField, bare, otherSchema, undeclared]).toHaveLength(12);
  });

  it('check answers against the output schema when asked (tests), where the compiler cannot see the shape', async () => {
    const projects = endpointsOf('content').filter((e) => e.id === 'listOwnProjects');
    const answering = (body: unknown) => async () => ({ default: () => new Reply(body) });
    const wrong = bindHandlers(projects, answering({ data: { items: [{ id: 1 }] } }), {}, { checkAnswers: true });
    await expect(wrong.listOwnProjects!({} as never)).rejects.toThrow(
      /listOwnProjects answered a shape its output schema does not describe/,
    );
    const right = bindHandlers(projects, answering({ data: { items: [{ id: 'p', api_enabled: true }] } }), {}, { checkAnswers: true });
    expect(await right.listOwnProjects!({} as never)).toBeInstanceOf(Reply);
  });

  it("every endpoint module has its declaration and its API's handler module, named after its id", () => {
    const modules = endpoints.filter((e) => e.module);
    expect(endpointsOf('content').every((e) => e.module)).toBe(true);
    const src = join(import.meta.dirname, '../../src');
    for (const e of modules) {
      const name = `${e.api}/${kebab(e.id)}`;
      expect(existsSync(join(src, 'model/endpoints', `${name}.endpoint.ts`)), `model/endpoints/${name}.endpoint.ts`).toBe(true);
      expect(existsSync(join(src, 'request/api', `${name}.handler.ts`)), `request/api/${name}.handler.ts`).toBe(true);
    }
  });
});
