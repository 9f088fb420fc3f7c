// GET /v1/tags, a content endpoint added as one module (src/model/endpoints/content/list-own-tags.endpoint.ts and its handler)
// and one line of the registry: over HTTP on a real store it answers as every /v1 read does (key, access check, project
// 404 before 403, query 400, list bucket, ETag/304, answers checked against its output schema), and the OpenAPI
// document, the account MCP server and the client have it without another edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { api, articleInput, bearer, fixture, openTestStore, type TestStore } from './helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { openApiDocument } from '../../src/request/machine/openapi/openapi-document.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { createClient } from '../../packages/content-client/src/index.ts';
import { serveContentApi, type Served } from '../content-client/served-api.ts';
import { callTool, connect } from '../mcp/helpers.ts';

let t: TestStore;
let get: ReturnType<typeof api>;
let A: Awaited<ReturnType<typeof fixture>>;
let B: Awaited<ReturnType<typeof fixture>>;
let served: Served;
let mcp: McpClient;
const tagged = (slug: string, tags: string[]) => articleInput(slug, slug, { tags });

beforeAll(async () => {
  t = await openTestStore();
  get = api(t.store, { checkAnswers: true });
  A = await fixture(t.store, 0);
  B = await fixture(t.store, 0);
  await publishArticle(t.store.sql, A.on, tagged('one', ['seo', 'astro']));
  await publishArticle(t.store.sql, A.on, tagged('two', ['seo', 'links']));
  await publishArticle(t.store.sql, A.on, tagged('three', ['seo', 'astro']));
  await publishArticle(t.store.sql, A.on, tagged('gone', ['seo', 'hidden']));
  await updateArticleState(t.store.sql, A.on, 'gone', { unpublished: true });
  await publishArticle(t.store.sql, A.on, tagged('moved', ['moved-tag']));
  await updateArticleState(t.store.sql, A.on, 'moved', { redirect_to: '/blog/one/', redirect_type: 'permanent' });
  await publishArticle(t.store.sql, A.on, tagged('plain', []));
  served = await serveContentApi(t.store.sql, { checkAnswers: true });
  mcp = await connect(`${served.url}/v1/mcp`, bearer(A.key));
});
afterAll(async () => {
  await mcp?.close();
  await served?.close();
  await t?.close();
});

const TAGS = [
  { name: 'seo', article_count: 3 },
  { name: 'astro', article_count: 2 },
  { name: 'links', article_count: 1 },
];

describe('GET /v1/tags', () => {
  it("lists the tags of the project's published articles with their counts, most used first", async () => {
    const r = await get(`/v1/tags?projectId=${A.on}`, bearer(A.key));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ data: { items: TAGS } });
    expect(r.headers.get('ratelimit-policy')).toBe('"hour";q=300;w=3600, "day";q=2000;w=86400');
    // The content API's own headers, as every keyed read sends them.
    const projects = await get('/v1/projects', bearer(A.key));
    for (const h of ['cache-control', 'vary', 'netlify-cdn-cache-control']) expect(r.headers.get(h), h).toBe(projects.headers.get(h));
    expect(r.headers.get('vary')).toBe('Authorization, X-Api-Key');
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(`/v1/tags?projectId=${A.on}`, { ...bearer(A.key), 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers an empty list for a project without tagged articles', async () => {
    expect((await get(`/v1/tags?projectId=${B.on}`, bearer(B.key))).body).toEqual({ data: { items: [] } });
  });

  it('refuses as every /v1 read does: key, projectId, another account, a switched-off project', async () => {
    const error = async (path: string, headers: Record<string, string>) => {
      const r = await get(path, headers);
      return [r.status, r.body.code];
    };
    expect(await error(`/v1/tags?projectId=${A.on}`, {})).toEqual([401, 'unauthorized']);
    expect(await error('/v1/tags', bearer(A.key))).toEqual([400, 'invalid_query']);
    expect((await get('/v1/tags', bearer(A.key))).body.message).toContain('projectId');
    expect(await error(`/v1/tags?projectId=${A.on}%07`, bearer(A.key))).toEqual([400, 'invalid_query']);
    // Another account's project is not acknowledged (404 before 403), through the same access check as every read.
    expect(await error(`/v1/tags?projectId=${A.on}`, bearer(B.key))).toEqual([404, 'project_not_found']);
    expect(await error(`/v1/tags?projectId=${A.off}`, bearer(A.key))).toEqual([403, 'project_api_disabled']);
    expect((await get(`/v1/tags?projectId=${A.on}`, bearer(A.key), 'POST')).status).toBe(405);
  });

  it('is in the OpenAPI document: its operation, parameter, responses and answer schema', () => {
    const doc = openApiDocument('https://skribra.test', limitsFrom(readConfig())) as any;
    const op = doc.paths['/v1/tags'].get;
    expect(op.operationId).toBe('listOwnTags');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['projectId', 'If-None-Match']);
    expect(Object.keys(op.responses)).toEqual(['200', '304', '400', '401', '403', '404', '405', '429', '500', '503']);
    expect(op.description).toContain('Counts as a list request');
    expect(doc.components.schemas.OwnTagList.properties.data.properties.items.items.required).toEqual(['name', 'article_count']);
  });

  it('is a tool of the account MCP server, answering as the endpoint does', async () => {
    const tool = (await mcp.listTools()).tools.find((x) => x.name === 'list_tags')!;
    expect(tool.inputSchema.required).toEqual(['projectId']);
    const result = await callTool(mcp, 'list_tags', { projectId: A.on });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ data: { items: TAGS } });
    expect((await callTool(mcp, 'list_tags', { projectId: A.off })).structuredContent).toMatchObject({ code: 'project_api_disabled' });
  });

  it('is a method of the client, typed from the registry', async () => {
    const client = createClient({ apiKey: A.key, baseUrl: served.url });
    const { data } = await client.api.listOwnTags({ projectId: A.on });
    expect(data.items).toEqual(TAGS);
  });
});
