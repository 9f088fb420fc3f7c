// Response headers and error responses shared by the operations.
import { type ERROR_CODES, ref } from './components.ts';

type Code = (typeof ERROR_CODES)[number];

export const headers = {
  'Cache-Control': {
    description:
      'Public API: `public, max-age=300` (blog: 60 s with stale-while-revalidate; health: `no-store`); 4xx errors `public, max-age=30`, 5xx `no-store`. Content API: `public, max-age=60` on success, `no-store` on errors.',
    schema: { type: 'string' },
  },
  'Access-Control-Allow-Origin': { description: 'The public API is open to any origin.', schema: { type: 'string', const: '*' } },
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match to get 304.', schema: { type: 'string' } },
  'RateLimit-Policy': {
    description: 'IETF RateLimit-Policy: the per-account quotas of this kind of request, e.g. `"hour";q=300;w=3600, "day";q=2000;w=86400`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'IETF RateLimit: remaining requests and seconds to reset per window, e.g. `"hour";r=299;t=1800`.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying; honour it.', schema: { type: 'integer', minimum: 0 } },
} as const;

const h = (...names: (keyof typeof headers)[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

const DESCRIPTIONS: Record<number, string> = {
  400: 'A query parameter is missing or malformed; the message names it.',
  401: 'Missing, unknown or revoked API key.',
  403: "The project's API switch is off; switch it on in the dashboard (do not retry).",
  404: 'Not found.',
  405: 'Method not allowed.',
  429: 'Over the per-account rate limit; wait for Retry-After.',
  500: 'Unexpected failure on our side.',
  502: 'The blog source is unavailable; retry after Retry-After.',
  503: 'A backing store or index is unavailable; retry after Retry-After.',
};

/** An error response whose `code` is one of the given codes. */
export function errorResponse(status: number, codes: Code[], api: 'public' | 'content', description = DESCRIPTIONS[status]!) {
  const retry = status === 429 || status >= 502;
  const hs =
    api === 'public'
      ? h('Access-Control-Allow-Origin', 'Cache-Control', ...(retry ? ['Retry-After' as const] : []))
      : h(
          'Cache-Control',
          'RateLimit-Policy',
          ...(status === 429 ? ['RateLimit' as const, 'Retry-After' as const] : retry ? ['Retry-After' as const] : []),
        );
  return {
    description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    headers: hs,
    content: {
      'application/json': {
        schema: { allOf: [ref('Error')], properties: { code: { enum: codes } } },
        example: { code: codes[0], message: description },
      },
    },
  };
}

export const okPublic = (schema: string, description: string) => ({
  description,
  headers: h('Cache-Control', 'ETag', 'Access-Control-Allow-Origin'),
  content: { 'application/json': { schema: ref(schema) } },
});

export const okContent = (schema: string, description: string) => ({
  description,
  headers: h('Cache-Control', 'ETag', 'RateLimit-Policy', 'RateLimit'),
  content: { 'application/json': { schema: ref(schema) } },
});

/**
 * A stream of server-sent events: OpenAPI 3.1 has no schema for a sequence of events, so the body is text and each
 * event's `data` is named (x-sse-events: event name -> component) for readers and generators.
 */
export const okEventStream = (events: Record<string, string>, description: string) => ({
  description,
  headers: h('Cache-Control', 'RateLimit-Policy', 'RateLimit'),
  content: {
    'text/event-stream': {
      schema: { type: 'string', description: 'Server-sent events (`id:`, `event:`, `data:` lines); each `data` is one JSON object.' },
      'x-sse-events': Object.fromEntries(Object.entries(events).map(([event, name]) => [event, ref(name)])),
    },
  },
});

export const notModified = { description: 'Not modified: the ETag in If-None-Match still matches.', headers: h('Cache-Control', 'ETag') };
