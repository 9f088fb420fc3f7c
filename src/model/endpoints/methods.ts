// The HTTP methods a route answers: data only, so the Netlify edge's method guard can import it without the registry.

/** The methods an endpoint declares. */
export type Method = 'GET' | 'POST';

/** Site pages and files: read-only. */
export const SITE_METHODS: readonly Method[] = ['GET'];

/** Methods a client may send to an endpoint: the declared ones, HEAD with GET, and OPTIONS. */
export const allowedMethods = (e: { methods: readonly Method[] }): string[] => [
  ...e.methods,
  ...(e.methods.includes('GET') ? ['HEAD'] : []),
  'OPTIONS',
];
