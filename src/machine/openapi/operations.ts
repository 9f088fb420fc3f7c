// One operation per route of the route table (src/api/http/routes.ts): the table says which paths exist, this
// says what each answers. A route without an entry here fails the build, so the document cannot miss a route.
import { routes, type Route } from '../../api/http/routes.ts';
import type { EnvelopeName } from './components.ts';
import { contentParams, ifNoneMatch, publicParams } from './parameters.ts';
import { errorResponse, notModified, okContent, okPublic } from './responses.ts';

interface Spec { id: string; tag: string; ok: EnvelopeName; errors?: number[] }

const PUBLIC: Record<string, Spec> = {
  '/api/v1/': { id: 'getIndex', tag: 'Public API', ok: 'IndexResponse' },
  '/api/v1/health': { id: 'getHealth', tag: 'Public API', ok: 'HealthResponse' },
  '/api/v1/pages': { id: 'listPages', tag: 'Site', ok: 'PageList', errors: [400] },
  '/api/v1/search': { id: 'searchPages', tag: 'Site', ok: 'SearchResponse', errors: [400, 503] },
  '/api/v1/glossary': { id: 'listGlossaryTerms', tag: 'Glossary', ok: 'GlossaryTermList', errors: [400] },
  '/api/v1/glossary/categories': { id: 'listGlossaryCategories', tag: 'Glossary', ok: 'GlossaryCategoryList', errors: [400] },
  '/api/v1/glossary/:slug': { id: 'getGlossaryTerm', tag: 'Glossary', ok: 'GlossaryTermResponse', errors: [404] },
  '/api/v1/tools': { id: 'listTools', tag: 'Tools', ok: 'ToolList', errors: [400] },
  '/api/v1/tools/:slug': { id: 'getTool', tag: 'Tools', ok: 'ToolResponse', errors: [404] },
  '/api/v1/agents': { id: 'listAgents', tag: 'Product', ok: 'AgentList', errors: [400] },
  '/api/v1/agents/:slug': { id: 'getAgent', tag: 'Product', ok: 'AgentResponse', errors: [404] },
  '/api/v1/features': { id: 'listFeatures', tag: 'Product', ok: 'FeatureList', errors: [400] },
  '/api/v1/features/:slug': { id: 'getFeature', tag: 'Product', ok: 'FeatureResponse', errors: [404] },
  '/api/v1/comparisons': { id: 'listComparisons', tag: 'Product', ok: 'ComparisonList', errors: [400] },
  '/api/v1/comparisons/:slug': { id: 'getComparison', tag: 'Product', ok: 'ComparisonResponse', errors: [404] },
  '/api/v1/pricing': { id: 'getPricing', tag: 'Product', ok: 'PricingResponse' },
  '/api/v1/articles': { id: 'listBlogArticles', tag: 'Blog', ok: 'ArticleList', errors: [400, 502] },
  '/api/v1/articles/:slug': { id: 'getBlogArticle', tag: 'Blog', ok: 'ArticleResponse', errors: [400, 404, 502] },
};

const CONTENT: Record<string, Spec> = {
  '/v1/projects': { id: 'listOwnProjects', tag: 'Content API', ok: 'OwnProjectList', errors: [401, 429, 503] },
  '/v1/articles': { id: 'listOwnArticles', tag: 'Content API', ok: 'OwnArticleList', errors: [400, 401, 403, 404, 429, 503] },
  '/v1/articles/:slug': { id: 'getOwnArticle', tag: 'Content API', ok: 'OwnArticleResponse', errors: [400, 401, 403, 404, 429, 503] },
};

const PUBLIC_CODES: Record<number, Parameters<typeof errorResponse>[1]> = { 400: ['invalid_query'], 404: ['not_found'], 502: ['upstream_unavailable'], 503: ['unavailable'] };
const CONTENT_CODES: Record<number, Parameters<typeof errorResponse>[1]> = {
  400: ['invalid_query'], 401: ['unauthorized'], 403: ['project_api_disabled'], 429: ['rate_limited'], 503: ['unavailable'],
};

/** `/api/v1/glossary/:slug` -> `/api/v1/glossary/{slug}`. */
export const openApiPath = (pattern: string): string => pattern.replace(/:(\w+)/g, '{$1}');

function publicOperation(route: Route, spec: Spec) {
  return {
    operationId: spec.id, tags: [spec.tag], summary: route.description, security: [],
    parameters: publicParams[route.pattern] ?? [],
    responses: {
      200: okPublic(spec.ok, 'OK'),
      ...Object.fromEntries((spec.errors ?? []).map((s) => [s, errorResponse(s, PUBLIC_CODES[s]!, 'public')])),
      500: errorResponse(500, ['internal'], 'public'),
    },
  };
}

function contentOperation(route: Route, spec: Spec) {
  const detail = route.pattern.includes(':slug');
  return {
    operationId: spec.id, tags: [spec.tag], summary: route.description,
    description: `Counts as a ${detail ? 'detail' : 'list'} request for the rate limits (${detail ? '600 per hour' : '300 per hour and 2,000 per day'} per account).${detail ? ' An unpublished article answers 404; a consolidated one carries `redirect_to` and `redirect_type` (permanent: 301, else 302); `noindex` true also sends `X-Robots-Tag: noindex`.' : ''}`,
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    parameters: [...(contentParams[route.pattern] ?? []), ifNoneMatch],
    responses: {
      200: okContent(spec.ok, 'OK'),
      304: notModified,
      ...Object.fromEntries((spec.errors ?? []).map((s) => [s, s === 404
        ? errorResponse(404, route.pattern === '/v1/projects' ? ['not_found'] : detail ? ['project_not_found', 'not_found'] : ['project_not_found'], 'content',
          detail ? 'No such project on the account (`project_not_found`), or no published article with that slug in it (`not_found`).' : 'No such project on the account.')
        : errorResponse(s, CONTENT_CODES[s]!, 'content')])),
      500: errorResponse(500, ['internal'], 'content'),
    },
  };
}

/** `paths` of the document: every public and content route of the table, GET (HEAD answers the same headers). */
export function operations(): Record<string, { get: unknown }> {
  const paths: Record<string, { get: unknown }> = {};
  for (const route of routes) {
    if (route.api === 'tools') continue; // same-site only (spec 4.1 rule 4): not part of the public contract
    const spec = route.api === 'public' ? PUBLIC[route.pattern] : CONTENT[route.pattern];
    if (!spec) throw new Error(`openapi: no operation for route ${route.pattern}; add it to src/machine/openapi/operations.ts`);
    paths[openApiPath(route.pattern)] = { get: route.api === 'public' ? publicOperation(route, spec) : contentOperation(route, spec) };
  }
  return paths;
}
