// Stage 2, match: where a decoded path goes, decided once from the registry: an endpoint (with its raw path
// parameters, not yet validated), an API's root, or the site. The build writes the
// public API's static paths from the same registry for the Netlify edge router (function-mount.ts).
import { joinedPath, type DecodedPath } from '../../../../model/core/decode-path.ts';
import { API_ROOTS, endpoints, type Api, type Endpoint } from '../../../../model/endpoints/registry.ts';

export interface Match {
  endpoint: Endpoint;
  params: Record<string, string>;
}

export type Decision =
  /** A registered endpoint, with its raw (decoded, not yet validated) path parameters. */
  | ({ to: 'endpoint'; path: string } & Match)
  /** Under an API's root but no endpoint: that API's JSON 404, or its index at the bare root. */
  | { to: 'api-root'; api: Api; path: string; index: boolean }
  /** Anything else: the site (pages, twins, machine files, 404 page). `path` is undefined when it names nothing. */
  | { to: 'site'; path: string | undefined; segments: string[]; trailingSlash: boolean };

const compiled = endpoints.map((endpoint) => ({ endpoint, parts: endpoint.pattern.split('/').filter(Boolean) }));

/**
 * The endpoint whose pattern matches these decoded segments; a trailing slash never matters. A segment that names
 * nothing (undefined) can only fill a parameter, whose schema then refuses it.
 */
function matchEndpoint(segments: readonly (string | undefined)[]): Match | undefined {
  for (const { endpoint, parts } of compiled) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((p, i) => {
      if (!p.startsWith(':')) return p === segments[i];
      params[p.slice(1)] = segments[i] as string;
      return true;
    });
    if (matches) return { endpoint, params };
  }
  return undefined;
}

const apiOf = (segments: readonly (string | undefined)[]): Api | undefined =>
  (Object.keys(API_ROOTS) as Api[]).find((api) =>
    API_ROOTS[api]
      .split('/')
      .filter(Boolean)
      .every((p, i) => segments[i] === p),
  );

export function match({ segments, trailingSlash, clean }: DecodedPath): Decision {
  const path = joinedPath({ segments });
  const found = matchEndpoint(segments);
  if (found) return { to: 'endpoint', path, ...found };
  const api = apiOf(segments);
  if (api) return { to: 'api-root', api, path, index: path === API_ROOTS[api] };
  if (!clean) return { to: 'site', path: undefined, segments: [], trailingSlash };
  return { to: 'site', path: trailingSlash && segments.length ? `${path}/` : path, segments: segments as string[], trailingSlash };
}

/** The build file that answers a query-less GET of this endpoint, with its parameters filled in. */
export function staticFileOf({ endpoint, params }: Match): string | undefined {
  return endpoint.static?.file.replace(/:(\w+)/g, (_, n: string) => params[n] ?? '');
}
