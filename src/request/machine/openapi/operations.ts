// `paths` of the OpenAPI document, generated from the endpoint registry: one operation per documented endpoint,
// its parameters from the endpoint's zod path and query schemas (z.toJSONSchema, io: 'input'), its responses from
// the registry's envelope name and error statuses. Nothing here lists an endpoint or a parameter by hand.
import * as z from 'zod';
import { quotaText, type RateLimits } from '../../api/content/limits.ts';
import { endpoints, type Endpoint } from '../../../model/endpoints/registry.ts';
import type { ERROR_CODES } from './components.ts';
import { errorResponse, notModified, okContent, okEventStream, okPublic } from './responses.ts';

/** `/api/v1/glossary/:slug` -> `/api/v1/glossary/{slug}`; `/api/v1/` -> `/api/v1` (both answer, and paths in the document carry no trailing slash). */
export const openApiPath = (pattern: string): string => pattern.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description: string;
  schema: Record<string, unknown>;
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; error?: (issue: object) => unknown } } }[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

/**
 * The rules a parameter's schema checks that JSON Schema cannot state (its custom refinements, such as "must not
 * contain control characters" of every free-text parameter, params.ts), in the words their refusals use: read from
 * the schema, wrappers and pipes included, so the document says what the service refuses where it refuses it.
 */
function refusalsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const own = (def.checks ?? []).flatMap(({ _zod: { def: c } }) => {
    const message = c.check === 'custom' ? c.error?.({}) : undefined;
    return typeof message === 'string' ? [message] : [];
  });
  return [...own, ...[def.innerType, def.in, def.out].flatMap((inner) => (inner ? refusalsOf(inner) : []))];
}

/** The description of a parameter, with what it refuses that its JSON Schema cannot say. */
function describe(name: string, description: string, schema: z.ZodType, where: 'query' | 'path'): string {
  const rules = [...new Set(refusalsOf(schema))];
  if (!rules.length) return description;
  const refused = where === 'query' ? 'is 400 `invalid_query`' : 'names nothing (404)';
  return `${description}${description ? ' ' : ''}\`${name}\` ${rules.join(' and ')}: any other value ${refused}.`;
}

/** One parameter per property of a zod object: its input JSON Schema, the description lifted to the parameter. */
function parametersOf(schema: z.ZodObject | undefined, where: 'query' | 'path'): Parameter[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties).map(([name, { description, ...rest }]) => {
    // A default set on a transformed parameter lives in its metadata (the JSON Schema of the input side drops it).
    const fallback = (schema.shape[name] as z.ZodType).meta()?.default;
    return {
      name,
      in: where,
      ...(where === 'path' || json.required?.includes(name) ? { required: true } : {}),
      description: describe(name, String(description ?? ''), schema.shape[name] as z.ZodType, where),
      schema: fallback === undefined ? rest : { ...rest, default: fallback },
    };
  });
}

const ifNoneMatch: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  description: 'An ETag from an earlier response (or `*`): an unchanged resource answers 304 with no body.',
  schema: { type: 'string' },
};

const lastEventId: Parameter = {
  name: 'Last-Event-ID',
  in: 'header',
  description: 'The `id` of the last event received (a sync cursor): the stream resumes after it. Wins over `cursor`.',
  schema: { type: 'string' },
};

type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes each status can carry, by API; 404 on the content API depends on the endpoint. */
function codesFor(endpoint: Endpoint, status: number): ErrorCode[] {
  if (status === 404 && endpoint.api === 'content') return endpoint.path ? ['project_not_found', 'not_found'] : ['project_not_found'];
  return (
    {
      400: ['invalid_query'],
      401: ['unauthorized'],
      403: ['project_api_disabled'],
      404: ['not_found'],
      405: ['method_not_allowed'],
      429: ['rate_limited'],
      500: ['internal'],
      502: ['upstream_unavailable'],
      503: ['unavailable'],
    } as Record<number, ErrorCode[]>
  )[status]!;
}

function operation(endpoint: Endpoint, limits: RateLimits) {
  const doc = endpoint.doc!;
  const keyed = endpoint.auth === 'account-key';
  const api = keyed ? 'content' : 'public';
  // Every endpoint can answer 405 (another method) and 500; a path parameter can name nothing (404).
  const statuses = [...new Set([...doc.errors, ...(endpoint.path ? [404] : []), 405, 500])].sort();
  const quota = quotaText(limits[endpoint.bucket ?? 'list']);
  return {
    operationId: endpoint.id,
    tags: [doc.tag],
    summary: doc.summary,
    description: keyed
      ? `${doc.description} Counts as a ${endpoint.bucket} request for the rate limits (${quota} per account).`
      : doc.description,
    security: keyed ? [{ bearerAuth: [] }, { apiKeyHeader: [] }] : [],
    parameters: [
      ...parametersOf(endpoint.path?.schema(), 'path'),
      ...parametersOf(endpoint.query?.schema(), 'query'),
      // A stream has no validator to revalidate; it resumes from the last event id instead.
      ...(endpoint.events ? [lastEventId] : [ifNoneMatch]),
    ],
    responses: {
      ...(endpoint.events
        ? { 200: okEventStream(Object.fromEntries(Object.entries(endpoint.events).map(([k, v]) => [k, v.name])), 'OK: the stream.') }
        : { 200: keyed ? okContent(doc.ok, 'OK') : okPublic(doc.ok, 'OK'), 304: notModified }),
      ...Object.fromEntries(statuses.map((s) => [s, errorResponse(s, codesFor(endpoint, s), api)])),
    },
  };
}

/**
 * `paths` of the document: every documented endpoint of the registry, GET (HEAD answers the same headers); a keyed
 * endpoint's description states the configured `limits` of its bucket.
 */
export function operations(limits: RateLimits): Record<string, { get: unknown }> {
  return Object.fromEntries(endpoints.filter((e) => e.doc).map((e) => [openApiPath(e.pattern), { get: operation(e, limits) }]));
}
