// components.schemas of the OpenAPI document, generated from the zod schemas with z.toJSONSchema (DESIGN rule 2).
// Resources and their envelopes are registered under names; envelopes refer to resources by $ref.
import * as z from 'astro/zod';
import { ApiIndex, ErrorBody, Health, Pagination } from '../../../model/schemas/envelope.ts';
import { envelopes, type EnvelopeName } from '../../../model/schemas/envelopes.ts';
import { endpoints } from '../../../model/endpoints/registry.ts';
import { GlossaryCategory, GlossaryTerm } from '../../../model/schemas/glossary.ts';
import { ownArticle, ownArticleCard } from '../../../model/schemas/own-article.ts';
import { ownProject } from '../../../model/schemas/own-project.ts';
import { Page, pageKind, SearchResult } from '../../../model/schemas/page.ts';
import { Pricing } from '../../../model/schemas/pricing.ts';
import { Article, ArticleSummary } from '../../../model/schemas/article.ts';
import { articleRemoval, webhookPayloads } from '../../../model/schemas/webhook-events.ts';
import { eventSchemaName } from './webhook-operations.ts';
import { COLLECTIONS } from '../../../model/catalog/collections.ts';
import { PAGE_KINDS } from '../../../model/catalog/page-kinds.ts';

/** Codes of spec section 7, plus the few of our own every client may meet (405, 500, 503). */
export const ERROR_CODES = [
  'invalid_query',
  'unauthorized',
  'project_api_disabled',
  'project_not_found',
  'not_found',
  'rate_limited',
  'upstream_unavailable',
  'method_not_allowed',
  'unavailable',
  'internal',
] as const;

const ApiErrorBody = ErrorBody.extend({
  code: z.enum(ERROR_CODES).meta({ description: 'Stable code to branch on (spec section 7).' }),
  message: z.string().meta({ description: 'Human-readable; names the bad parameter for invalid_query.' }),
}).meta({ description: 'Every rejection: a flat `{code, message}`. Clients should also accept the same two fields nested under `error`.' });

/** Each declared collection's resource (and its list summary), then its two envelopes, in declaration order. */
const collectionResources = Object.fromEntries(
  COLLECTIONS.flatMap((c) => [...(c.summary ? [[c.summary.name, c.summary.schema]] : []), [c.name, c.output]]),
);
const collectionEnvelopes = Object.fromEntries(
  COLLECTIONS.flatMap((c) => [
    [`${c.name}List`, c.envelopes.list()],
    [`${c.name}Response`, c.envelopes.detail()],
  ]),
);

const resources = {
  Pagination,
  Error: ApiErrorBody,
  Page,
  SearchResult,
  GlossaryCategory,
  GlossaryTerm,
  ...collectionResources,
  Pricing,
  ArticleSummary,
  Article,
  Health,
  ApiIndex,
  OwnProject: ownProject,
  OwnArticleCard: ownArticleCard,
  OwnArticle: ownArticle,
  ArticleRemoval: articleRemoval,
  ...Object.fromEntries(Object.entries(webhookPayloads).map(([type, schema]) => [eventSchemaName(type), schema])),
} as const;

export { envelopes, type EnvelopeName };

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** All named schemas as OpenAPI 3.1 (JSON Schema 2020-12) with $refs between them. */
export function componentSchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  // The collections' envelopes go where the hand-written ones of the site's content end, before the blog's.
  const named = Object.entries(envelopes);
  const at = named.findIndex(([id]) => id === 'ArticleList');
  // Then each endpoint module's own answer (`output`), under the name its `ok` gives it.
  const own: (readonly [string, z.ZodType])[] = endpoints.flatMap((e) => (e.output && e.doc ? [[e.doc.ok, e.output()] as const] : []));
  // And each event stream's events' `data`, under their own names.
  own.push(...endpoints.flatMap((e) => (e.doc ? Object.values(e.events ?? {}).map((v) => [v.name, v.data()] as const) : [])));
  const listed = [...Object.entries(resources), ...named.slice(0, at), ...Object.entries(collectionEnvelopes), ...named.slice(at)];
  // An endpoint whose output is one of those already (the collections', the blog's) adds nothing.
  const known = new Set(listed.map(([, schema]) => schema));
  const all = [...listed, ...own.filter(([, schema]) => !known.has(schema))];
  for (const [id, schema] of all) registry.add(schema as z.ZodType, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    // A page's kind is stated as the enum of every kind, which the collections extend (schemas/ cannot know them).
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema === pageKind) jsonSchema.enum = [...PAGE_KINDS];
    },
  });
  // The document's dialect is 2020-12 already; per-schema $schema and $id would only shadow the component names.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...rest }]) => [id, rest as Record<string, unknown>]),
  );
}
