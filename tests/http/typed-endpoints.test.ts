// Handler tables are typed by the registry (src/api/http/handlers-of.ts). The checks are the compiler's: `npm run
// check` (tsc over tests/ too) fails if a line under `@ts-expect-error` compiles, so each of them proves a table
// with a missing, extra or mistyped handler is refused. The runtime part only shows the good tables are real ones.
import { describe, expect, it } from 'vitest';
import type { CtxOf, HandlersOf } from '../../src/api/http/handlers-of.ts';
import { createPipeline } from '../../src/api/http/pipeline.ts';

const ok = () => ({ data: null });
type Access = { accountId: string };

/** Complete and correct: each handler reads what its endpoint declares, typed as its schema outputs it. */
const content: HandlersOf<'content', Access> = {
  listOwnProjects: ({ access }) => ({ data: access.accountId }),
  listOwnArticles: ({ query: { projectId, page, limit, updatedSince } }) => ({
    data: [projectId.trim(), page * limit, updatedSince?.toISOString()],
  }),
  getOwnArticle: ({ params: { slug }, query: { projectId } }) => ({ data: `${projectId}/${slug}` }),
  syncOwnArticles: ({ query: { cursor, fields } }) => ({ data: [cursor?.length, fields === 'card'] }),
  callAccountMcp: ({ access }) => ({ data: access === undefined }),
};
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

const wrongQueryType: HandlersOf<'content', Access> = {
  ...content,
  // @ts-expect-error a handler whose ctx.query type is not its endpoint's (limit is a number)
  listOwnArticles: ({ query }: { query: { projectId: string; limit: string } }) => ({ data: query.limit.length }),
};

// @ts-expect-error a value read as the wrong type: `limit` of GET /api/v1/search is a number
const wrongRead = ({ query: { q, limit } }: CtxOf<'searchPages'>) => q.toUpperCase() + limit.toUpperCase();

// @ts-expect-error an open endpoint's handler gets no access, whatever the API's authenticate returns
const openAccess = ({ access }: CtxOf<'callAccountMcp', Access>) => access.accountId;

describe('typed endpoint handlers', () => {
  it('take correct tables as the pipeline runs them (the refused ones above are for `npm run check`)', async () => {
    const pipeline = createPipeline({ apis: { tools: { handlers: tools } } });
    const res = await pipeline(new Request('http://x/tools-api/seo-checker', { method: 'POST' }));
    expect(await res.json()).toEqual({ data: 'SEO-CHECKER' });
    expect(Object.keys(content).sort()).toEqual([
      'callAccountMcp',
      'getOwnArticle',
      'listOwnArticles',
      'listOwnProjects',
      'syncOwnArticles',
    ]);
    expect([missing, extra, undeclaredQuery, wrongQueryType, wrongRead, openAccess]).toHaveLength(6);
  });
});
