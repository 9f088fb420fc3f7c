// One truth for bounds (issues 37 and 47): each argument of an MCP tool that stands for an HTTP parameter declares, in
// the input schema tools/list gives, what the OpenAPI document declares of that parameter (type, minimum, lengths,
// pattern, format, enum), since both come from the same zod schema; and a value outside them gets the API's own 400
// and message, as the same HTTP request does. An integer's upper bound is the documented one (spec section 8): a
// limit's cap, none for a page; never the 2^53 - 1 the API refuses past (MAX_INT), which no page of the docs names.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT } from '../../src/model/endpoints/params.ts';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { callTool, connect, http, serveOrigin, type Origin } from './helpers.ts';
import { endpointsOf } from '../../src/model/endpoints/registry.ts';

const BOUNDS = ['type', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'enum'];

let t: TestStore;
let o: Origin;
let site: Client;
let account: Client;
let key: string;
let openapi: {
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; schema: Record<string, unknown> }[] }>>;
};
beforeAll(async () => {
  t = await openTestStore();
  key = (await fixture(t.store, 1)).key;
  o = await serveOrigin({ sql: t.store.sql });
  site = await connect(`${o.base}/mcp`);
  account = await connect(`${o.base}/v1/mcp`, { authorization: `Bearer ${key}` });
  openapi = (await http(`${o.base}/openapi.json`)).body;
});
afterAll(async () => {
  await site?.close();
  await account?.close();
  await o?.close();
  await t?.close();
});

/** The operation each tool's arguments stand for (list: by argument, as its filters belong to different lists). */
const OPERATIONS: Record<string, string | Record<string, string>> = {
  search: 'searchPages',
  search_text: { limit: 'searchPages' },
  get_glossary_term: 'getGlossaryTerm',
  list: {
    page: 'listPages',
    limit: 'listPages',
    kind: 'listPages',
    category: 'listGlossaryTerms',
    q: 'listGlossaryTerms',
    full: 'listGlossaryTerms',
  },
  // The account server's: each content endpoint's tool stands for that endpoint.
  ...Object.fromEntries(endpointsOf('content').flatMap((e) => (e.tool ? [[e.tool.name, e.id]] : []))),
};

function parameterOf(operationId: string, name: string): Record<string, unknown> | undefined {
  for (const methods of Object.values(openapi.paths))
    for (const op of Object.values(methods)) if (op.operationId === operationId) return op.parameters?.find((p) => p.name === name)?.schema;
  throw new Error(`no operation ${operationId}`);
}
const pick = (schema: Record<string, unknown>) =>
  Object.fromEntries(BOUNDS.filter((b) => schema[b] !== undefined).map((b) => [b, schema[b]]));

async function eachArgument(
  visit: (tool: string, name: string, arg: Record<string, unknown>, param: Record<string, unknown> | undefined) => void,
) {
  for (const client of [site, account])
    for (const tool of (await client.listTools()).tools) {
      for (const [name, arg] of Object.entries(tool.inputSchema.properties ?? {})) {
        const op = OPERATIONS[tool.name];
        const operationId = typeof op === 'string' ? op : op?.[name];
        visit(tool.name, name, arg as Record<string, unknown>, operationId ? parameterOf(operationId, name) : undefined);
      }
    }
}

describe('tool arguments and OpenAPI parameters', () => {
  it("declare the same type, lower bound, lengths, pattern, format and values (an integer's maximum: the next test)", async () => {
    let compared = 0;
    await eachArgument((tool, name, arg, param) => {
      if (!param) return;
      const { maximum: _, ...rest } = pick(arg);
      const { maximum: __, ...expected } = pick(param);
      expect(rest, `${tool}.${name}`).toEqual(expected);
      if (arg.type !== 'integer') expect(arg.maximum, `${tool}.${name}`).toEqual(param.maximum);
      compared++;
    });
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it('every integer argument has the documented bounds: a page from 1, a limit from 1 to its cap (spec section 8)', async () => {
    const documented: Record<string, { minimum: number; maximum?: number }> = {
      'search.limit': { minimum: 1, maximum: 100 },
      'search_text.limit': { minimum: 1, maximum: 100 },
      'list.page': { minimum: 1 },
      'list.limit': { minimum: 1, maximum: 200 },
      'list_articles.page': { minimum: 1 },
      'list_articles.limit': { minimum: 1, maximum: 100 },
      'sync.limit': { minimum: 1, maximum: 100 },
    };
    const integers: string[] = [];
    await eachArgument((tool, name, arg, param) => {
      if (arg.type !== 'integer') return;
      integers.push(`${tool}.${name}`);
      expect(param, `${tool}.${name} stands for no OpenAPI parameter`).toBeDefined();
      expect(pick(arg), `${tool}.${name}`).toEqual({ type: 'integer', ...documented[`${tool}.${name}`] });
    });
    expect(integers.sort()).toEqual(Object.keys(documented).sort());
  });

  it('no schema of either server, nor its server card, names 2^53 - 1 (MAX_INT)', async () => {
    const named = (text: string) => text.includes(String(MAX_INT));
    for (const client of [site, account])
      for (const tool of (await client.listTools()).tools) expect(named(JSON.stringify(tool.inputSchema)), tool.name).toBe(false);
    for (const card of ['/.well-known/mcp/server-card', '/.well-known/mcp/server-card/account'])
      expect(named((await http(`${o.base}${card}`)).text), card).toBe(false);
  });

  it("a limit past its cap is capped, as the API caps it; a page past MAX_INT is the API's 400", async () => {
    for (const [tool, args, path] of [
      ['search', { q: 'seo', limit: 1000 }, '/api/v1/search?q=seo&limit=1000'],
      ['list', { collection: 'glossary', limit: 1000 }, '/api/v1/glossary?limit=1000'],
      ['list', { collection: 'pages', page: MAX_INT + 1 }, `/api/v1/pages?page=${MAX_INT + 1}`],
      ['list', { collection: 'pages', page: 1.5 }, '/api/v1/pages?page=1.5'],
    ] as const) {
      const r = await callTool(site, tool, args);
      const h = await http(`${o.base}${path}`);
      expect(r.structuredContent, path).toEqual(h.body);
      expect(Boolean(r.isError), path).toBe(h.status >= 400);
    }
  });

  it("search.q declares its minimum length; a value out of bounds is the API's 400 with its message", async () => {
    const { tools } = await site.listTools();
    expect(tools.find((x) => x.name === 'search')!.inputSchema.properties!.q).toMatchObject({ type: 'string', minLength: 2 });
    for (const [args, path] of [
      [{ q: 'seo', limit: 0 }, '/api/v1/search?q=seo&limit=0'],
      [{ q: 'a' }, '/api/v1/search?q=a'],
    ] as const) {
      const r = await callTool(site, 'search', args);
      const h = await http(`${o.base}${path}`);
      expect(h.status).toBe(400);
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toEqual(h.body);
    }
  });
});
