// The client's address as the platform adapter saw it, in one header of our own that the adapter always overwrites,
// so a client can never choose it: per-address limits key on nothing a request says about itself.
/** Set by the local origin (from the socket, or a trusted proxy's last hop) and by the Netlify entries (context.ip). */
export const CLIENT_ADDRESS = 'x-skribra-client-address';

/**
 * The address to trust: the socket's, unless a proxy in front is trusted, then the right-most X-Forwarded-For hop
 * (the one that proxy appended; entries to its left are whatever the client wrote).
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: boolean): string {
  const hop = trustProxy ? forwardedFor?.split(',').at(-1)?.trim() : undefined;
  return hop || socketAddress || 'unknown';
}

/** Stamps the address on the request, replacing (or, with none known, removing) anything the client sent under the same name. */
export function withClientAddress(req: Request, address: string | undefined): Request {
  if (address) req.headers.set(CLIENT_ADDRESS, address);
  else req.headers.delete(CLIENT_ADDRESS);
  return req;
}

/** What a handler keys a per-address limit on; undefined when no adapter stamped one (a handler called directly). */
export const addressOf = (req: Request): string | undefined => req.headers.get(CLIENT_ADDRESS) ?? undefined;
