// A public API (/api/v1) endpoint's declaration: open (no key), GET, open CORS and cached as the public API is unless
// it says otherwise, so a module declares only what is its own. Its handler is src/request/api/public/{id}.handler.ts
// (publicEndpoint), or the entry under its id in that API's table (publicTableEndpoint).
import { PUBLIC_BASE } from '../bases.ts';
import { defineEndpoint, type Endpoint } from '../endpoint.ts';
import { CACHE } from '../cache-policy.ts';

type Pub = Omit<Endpoint, 'id' | 'api' | 'pattern' | 'methods' | 'auth' | 'cors' | 'module' | 'cache'> & Partial<Pick<Endpoint, 'cache'>>;

/**
 * A public API read at `/api/v1{path}` whose handler is an entry of the public API's table (create-public-api.ts),
 * under its id: the collections' and the blog's.
 */
export const publicTableEndpoint = <const Id extends string, const X extends Pub>(id: Id, path: string, entry: X) =>
  defineEndpoint({
    id,
    api: 'public',
    pattern: `${PUBLIC_BASE}${path}`,
    methods: ['GET'],
    auth: 'none',
    cors: true,
    cache: CACHE.public,
    ...entry,
  });

/** A public API read at `/api/v1{path}` whose handler is a module of its own, `{id}.handler.ts` (the id in kebab case). */
export const publicEndpoint = <const Id extends string, const X extends Pub>(id: Id, path: string, entry: X) =>
  defineEndpoint({ ...publicTableEndpoint(id, path, entry), module: true });

/** The description of an unpaginated list (spec 2.1): whole by default, paged when asked. */
export const wholeListDescription = (what: string) =>
  `Every ${what}, whole by default (the list is short); \`page\` and \`limit\` page it when given.`;
