// Where a request goes, decided once from the registry: the local origin's pipeline and the Netlify edge router both
// call this, so the two runtimes cannot route differently. Pure and free of handler code (the edge bundle has it).
import { decodePath, encodePath } from '../../core/decode-path.ts';
import { API_ROOTS, endpoints, type Api, type Endpoint } from '../registry.ts';

export interface Match { endpoint: Endpoint; params: Record<string, string> }

export type Decision =
  /** A registered endpoint, with its raw (decoded, not yet validated) path parameters. */
  | ({ to: 'endpoint'; path: string } & Match)
  /** Under an API's root but no endpoint (or an undecodable path there): that API's JSON 404 or index. */
  | { to: 'api-root'; api: Api; path: string; index: boolean }
  /** Anything else: the site (pages, twins, machine files, 404 page). `path` is decoded; undefined when undecodable. */
  | { to: 'site'; path: string | undefined; segments: string[]; trailingSlash: boolean };

const compiled = endpoints.map((endpoint) => ({ endpoint, parts: endpoint.pattern.split('/').filter(Boolean) }));

/** The endpoint whose pattern matches these decoded segments; a trailing slash never matters. */
export function matchEndpoint(segments: readonly string[]): Match | undefined {
  for (const { endpoint, parts } of compiled) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    if (parts.every((p, i) => (p.startsWith(':') ? ((params[p.slice(1)] = segments[i]!), true) : p === segments[i]))) return { endpoint, params };
  }
  return undefined;
}

const apiOf = (pathname: string): Api | undefined =>
  (Object.keys(API_ROOTS) as Api[]).find((api) => pathname === API_ROOTS[api] || pathname.startsWith(`${API_ROOTS[api]}/`));

/** Decides from the URL's pathname (as `new URL()` gives it, still percent-encoded). */
export function decide(pathname: string): Decision {
  const decoded = decodePath(pathname);
  const api = apiOf(decoded.ok ? encodePath(decoded.segments, false) : pathname);
  if (!decoded.ok) return api ? { to: 'api-root', api, path: pathname, index: false } : { to: 'site', path: undefined, segments: [], trailingSlash: false };
  const path = `/${decoded.segments.join('/')}`;
  const match = matchEndpoint(decoded.segments);
  if (match) return { to: 'endpoint', path, ...match };
  if (api) return { to: 'api-root', api, path, index: path === API_ROOTS[api] };
  return { to: 'site', path: decoded.trailingSlash && decoded.segments.length ? `${path}/` : path, segments: decoded.segments, trailingSlash: decoded.trailingSlash };
}

/** The build file that answers a query-less GET of this endpoint, with its parameters filled in. */
export function staticFileOf({ endpoint, params }: Match): string | undefined {
  return endpoint.static?.file.replace(/:(\w+)/g, (_, n: string) => params[n] ?? '');
}
