// A content API (/v1) endpoint: keyed reads with the content API's defaults (GET, account key, no shared cache,
// no CORS, the errors every keyed read can answer), so a module declares only what is its own.
import { CONTENT_BASE } from '../bases.ts';
import { defineEndpoint, type Endpoint } from '../endpoint.ts';
import { CACHE } from '../cache-policy.ts';

/** What every keyed read can answer besides its own: bad query, key, project switch, project or slug, quota, store. */
export const KEYED_READ_ERRORS = [400, 401, 403, 404, 429, 503] as const;

type ContentEntry = Omit<Endpoint, 'api' | 'pattern' | 'methods' | 'auth' | 'cache' | 'cors' | 'module'> & { path?: Endpoint['path'] };

/** A content API read, keyed, at `/v1/{path}`. */
export const contentEndpoint = <const Id extends string, const X extends Omit<ContentEntry, 'id'>>(id: Id, path: string, entry: X) =>
  defineEndpoint({
    id,
    api: 'content',
    pattern: `${CONTENT_BASE}/${path}`,
    methods: ['GET'],
    auth: 'account-key',
    cache: CACHE.keyed,
    cors: false,
    module: true,
    ...entry,
  });
