// One truth for bounds (issue 37): each argument of an MCP tool that stands for an HTTP parameter declares, in the
// input schema tools/list gives, exactly what the OpenAPI document declares of that parameter (type, minimum,
// maximum, lengths, pattern, format, enum), since both come from the same zod schema; and a value outside them gets
// the API's own 400 and message, as the same HTTP request does.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INT } from '../../src/api/http/params.ts';
import { fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { callTool, connect, http, serveOrigin, type Origin } from './helpers.ts';
import { endpointsOf } from '../../src/api/registry.ts';

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
  it('declare the same type, bounds, lengths, pattern, format and values', async () => {
    let compared = 0;
    await eachArgument((tool, name, arg, param) => {
      if (!param) return;
      expect(pick(arg), `${tool}.${name}`).toEqual(pick(param));
      compared++;
    });
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it('every integer argument is 1 to MAX_INT, as its OpenAPI parameter says', async () => {
    const integers: string[] = [];
    await eachArgument((tool, name, arg, param) => {
      if (arg.type !== 'integer') return;
      integers.push(`${tool}.${name}`);
      expect(param, `${tool}.${name} stands for no OpenAPI parameter`).toBeDefined();
      expect(pick(arg), `${tool}.${name}`).toEqual({ type: 'integer', minimum: 1, maximum: MAX_INT });
    });
    expect(integers).toEqual(
      expect.arrayContaining(['search.limit', 'list.page', 'list.limit', 'list_articles.page', 'list_articles.limit', 'sync.limit']),
    );
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
