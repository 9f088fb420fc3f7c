// The one route table. It drives the public and content handlers, the local origin, the generated Netlify files
// (_redirects, _headers, edge-function config), the API index and the OpenAPI paths. Nothing else lists routes.

export type Api = 'public' | 'content' | 'tools';

export interface Route {
  /** URL pattern; `:name` is one path segment. */
  pattern: string;
  api: Api;
  /** Public routes with a static twin: the file (under dist/) holding the response to the query-less request. */
  file?: string;
  /** `query`: the static file answers unless a query string is present; `always`: a function always answers. */
  dynamic: 'query' | 'always';
  methods: readonly string[];
  description: string;
}

const GET = ['GET', 'HEAD', 'OPTIONS'] as const;
const pub = (pattern: string, file: string | undefined, description: string): Route => ({
  pattern, api: 'public', file, dynamic: file ? 'query' : 'always', methods: GET, description,
});

export const PUBLIC_BASE = '/api/v1';
export const CONTENT_BASE = '/v1';
export const TOOLS_BASE = '/tools-api';

export const routes: readonly Route[] = [
  pub('/api/v1/', '/api/v1/index.json', 'This index: every endpoint of the public API.'),
  pub('/api/v1/health', undefined, 'Service health; no authentication, no rate limit.'),
  pub('/api/v1/pages', '/api/v1/pages.json', 'Every site page with its HTML and markdown URLs; filter by kind.'),
  pub('/api/v1/search', undefined, 'Token search over page titles and descriptions, best match first.'),
  pub('/api/v1/glossary', '/api/v1/glossary.json', 'Glossary terms; filter by category or q, full=true for sections.'),
  pub('/api/v1/glossary/categories', '/api/v1/glossary/categories.json', 'Glossary categories with term counts.'),
  pub('/api/v1/glossary/:slug', '/api/v1/glossary/:slug.json', 'One glossary term with every section and source.'),
  pub('/api/v1/tools', '/api/v1/tools.json', 'Free SEO tools, in the browser or on our servers.'),
  pub('/api/v1/tools/:slug', '/api/v1/tools/:slug.json', 'One tool with its explanation and FAQ.'),
  pub('/api/v1/agents', '/api/v1/agents.json', 'The named agents that research, write and publish.'),
  pub('/api/v1/agents/:slug', '/api/v1/agents/:slug.json', 'One agent: signal, action, cadence and steps.'),
  pub('/api/v1/features', '/api/v1/features.json', 'Product features.'),
  pub('/api/v1/features/:slug', '/api/v1/features/:slug.json', 'One product feature.'),
  pub('/api/v1/comparisons', '/api/v1/comparisons.json', 'Comparisons with other content tools.'),
  pub('/api/v1/comparisons/:slug', '/api/v1/comparisons/:slug.json', 'One comparison with its feature matrix.'),
  pub('/api/v1/pricing', '/api/v1/pricing.json', 'Plans and the bring-your-own-key offer, in USD.'),
  pub('/api/v1/articles', undefined, 'The company blog: published articles, newest first.'),
  pub('/api/v1/articles/:slug', undefined, 'One blog article as markdown, HTML or both.'),
  { pattern: '/v1/projects', api: 'content', dynamic: 'always', methods: GET, description: "The account's projects." },
  { pattern: '/v1/articles', api: 'content', dynamic: 'always', methods: GET, description: "A project's published article cards." },
  { pattern: '/v1/articles/:slug', api: 'content', dynamic: 'always', methods: GET, description: 'One published article of a project.' },
  { pattern: '/tools-api/:slug', api: 'tools', dynamic: 'always', methods: ['POST', 'OPTIONS'], description: 'Server-side tools of the public site.' },
];

export interface RouteMatch { route: Route; params: Record<string, string> }

const compiled = routes.map((route) => ({
  route,
  names: [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!),
  regex: new RegExp(`^${route.pattern.replace(/\/$/, '').replace(/:(\w+)/g, '([^/]+)')}/?$`),
}));

/** Finds the route for a path. A trailing slash is accepted everywhere; `/api/v1` is the index. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const { route, names, regex } of compiled) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => { params[n] = decodeURIComponent(m[i + 1]!); });
    return { route, params };
  }
  return undefined;
}

/** The static file that answers a query-less GET of this route, with its params filled in. */
export function staticFileFor(match: RouteMatch): string | undefined {
  const file = match.route.file;
  return file?.replace(/:(\w+)/g, (_, n: string) => match.params[n] ?? '');
}

/** Where a request goes: the static file, or the function of its API. Shared by the edge function and the origin. */
export function dispatch(pathname: string, search: string, hasStatic: (file: string) => boolean):
  { to: 'static'; file: string } | { to: 'function'; api: Api } | undefined {
  const match = matchRoute(pathname);
  if (!match) return pathname.startsWith(`${PUBLIC_BASE}/`) ? { to: 'function', api: 'public' } : undefined;
  const file = staticFileFor(match);
  if (match.route.dynamic === 'query' && !search && file && hasStatic(file)) return { to: 'static', file };
  return { to: 'function', api: match.route.api };
}
