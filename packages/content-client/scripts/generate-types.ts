// Writes src/generated/api-types.ts: the client's types, generated from the server's own zod schemas (src/model/schemas)
// through JSON Schema (z.toJSONSchema, the same conversion as the OpenAPI document), never copied by hand; and, from
// the endpoint registry, each documented content API endpoint's arguments (its path and query parameters, as a
// client sends them), its answer, and `OPERATIONS` (its path and parameter names), from which the client makes one
// method per endpoint (`client.api.<operationId>`). An endpoint added to the registry is in the client once this runs.
// `node scripts/generate-types.ts` writes the file; `--check` exits 1 when the committed file is stale (CI, tests).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { compile } from 'json-schema-to-typescript-lite';
import { articleAuthor, articleSource, ownArticle, ownArticleCard, relatedArticle } from '../../../src/model/schemas/own-article.ts';
import { ownProject } from '../../../src/model/schemas/own-project.ts';
import { ErrorBody, Pagination } from '../../../src/model/schemas/envelope.ts';
import { syncItem, syncRemoved, syncUpsert } from '../../../src/model/schemas/sync.ts';
import { endpointsOf, type Endpoint } from '../../../src/model/endpoints/registry.ts';
import { articleRemoval, webhookPayloads } from '../../../src/model/schemas/webhook-events.ts';

export const OUT = fileURLToPath(new URL('../src/generated/api-types.ts', import.meta.url));

/** The content API's documented endpoints: each one a method of the client. */
const operations = endpointsOf('content').filter((e) => e.doc && e.output && e.methods.includes('GET'));
const operation = (id: string): Endpoint => operations.find((e) => e.id === id)!;
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** What a client passes for an endpoint: its path parameters and its query, as the query's input side describes it. */
function argsOf(e: Endpoint): z.ZodType {
  const shape = { ...e.path?.schema().shape, ...e.query?.schema().shape };
  return z.object(shape);
}

/** The named shapes of the content API, as the client exports them. */
const named = {
  OwnProject: ownProject,
  OwnArticleCard: ownArticleCard,
  OwnArticle: ownArticle,
  RelatedArticle: relatedArticle,
  ArticleSource: articleSource,
  ArticleAuthor: articleAuthor,
  Pagination,
  SyncUpsert: syncUpsert,
  SyncRemoved: syncRemoved,
  SyncItem: syncItem,
  SyncPage: operation('syncOwnArticles').output!(),
  ErrorBody,
  // Each event stream's events (GET /v1/events: ChangeEvent, StreamReady), under the names the registry gives them.
  ...Object.fromEntries(endpointsOf('content').flatMap((e) => Object.values(e.events ?? {}).map((v) => [v.name, v.data()]))),
  ProjectList: operation('listOwnProjects').output!(),
  ArticleList: operation('listOwnArticles').output!(),
  ArticleDetail: operation('getOwnArticle').output!(),
  ArticleRemoval: articleRemoval,
  ArticlePublishedEvent: webhookPayloads['article.published'],
  ArticleUpdatedEvent: webhookPayloads['article.updated'],
  ArticleUnpublishedEvent: webhookPayloads['article.unpublished'],
  ArticleRedirectedEvent: webhookPayloads['article.redirected'],
  /** A webhook's body (Standard Webhooks payload): one of the lifecycle events, told apart by `type`. */
  WebhookPayload: z.discriminatedUnion(
    'type',
    Object.values(webhookPayloads) as [
      (typeof webhookPayloads)['article.published'],
      ...(typeof webhookPayloads)[keyof typeof webhookPayloads][],
    ],
  ),
} as const;

/** Every named schema as JSON Schema definitions, `io` side, referring to each other by name. */
function definitionsOf(shapes: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(shapes)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-7', io, unrepresentable: 'any', uri: (id) => `#/definitions/${id}` });
  const definitions: Record<string, unknown> = {};
  for (const [id, s] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s as Record<string, unknown>;
    definitions[id] = { ...rest, title: id };
  }
  return definitions;
}

/** `OPERATIONS` and `Operations`: each endpoint's path (relative to the API's base), parameters, arguments and answer. */
function operationsTable(): string {
  const base = '/v1';
  const rows = operations.map((e) => {
    const fields = [`path: ${JSON.stringify(e.pattern.slice(base.length))}`, `pathParams: ${JSON.stringify(e.path?.keys ?? [])}`];
    return `  /** ${e.doc!.summary} */\n  ${e.id}: { ${fields.join(', ')} },`;
  });
  const types = operations.map((e) => `  ${e.id}: { args: ${pascal(e.id)}Args; response: ${pascal(e.id)}Response };`);
  return `/** Each documented endpoint of the content API by operationId: its path below the API's base and its path parameters. */
export const OPERATIONS = {
${rows.join('\n')}
} as const;

/** Each endpoint's arguments (path and query parameters) and answer, by operationId. */
export interface Operations {
${types.join('\n')}
}`;
}

/** An answer that has a name already (`ArticleList`) gets its operation's name as an alias of it. */
function responses(): { shapes: Record<string, z.ZodType>; aliases: string[] } {
  const names = new Map<z.ZodType, string>(Object.entries(named).map(([id, schema]) => [schema as z.ZodType, id]));
  const shapes: Record<string, z.ZodType> = {};
  const aliases: string[] = [];
  for (const e of operations) {
    const name = `${pascal(e.id)}Response`;
    const known = names.get(e.output!());
    if (known) aliases.push(`export type ${name} = ${known};`);
    else shapes[name] = e.output!();
  }
  return { shapes, aliases };
}

export async function generateTypes(): Promise<string> {
  const { shapes, aliases } = responses();
  const definitions = {
    ...definitionsOf({ ...(named as unknown as Record<string, z.ZodType>), ...shapes }, 'output'),
    ...definitionsOf(Object.fromEntries(operations.map((e) => [`${pascal(e.id)}Args`, argsOf(e)])), 'input'),
  };
  // One root naming every shape, so each becomes an exported declaration; the root itself is dropped.
  const root = {
    title: 'SkribraContentApiRoot',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(Object.keys(definitions).map((id) => [id, { $ref: `#/definitions/${id}` }])),
    definitions,
  };
  const ts = await compile(root as never, 'SkribraContentApiRoot', {
    bannerComment: '',
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    declareExternallyReferenced: true,
  } as never);
  const body = ts.replace(/export interface SkribraContentApiRoot \{[\s\S]*?\n\}\n/, '').trim();
  return `// Generated by scripts/generate-types.ts from the server's zod schemas (src/model/schemas). Do not edit: run
// \`npm run generate -w @skribra/content\`. A test fails when this file is stale.
/* eslint-disable */

${body}

${aliases.join('\n')}

${operationsTable()}
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateTypes();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUT, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== text) {
      console.error(`${OUT} is stale: run npm run generate -w @skribra/content`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT}`);
  }
}
