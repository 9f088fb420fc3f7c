import { serve } from '@hono/node-server';
import type { Handler } from './create-origin.ts';
import { readConfig } from '../config.ts';

/**
 * The client address handlers see (per-IP limits key on it). Directly exposed, a client could claim any address in
 * X-Forwarded-For, so the socket's address replaces it; behind a CDN or proxy that sets the header
 * (SKRIBRA_TRUST_PROXY=1) the header is kept.
 */
function withClientAddress(req: Request, incoming: { socket: { remoteAddress?: string } } | undefined, trustProxy: boolean): Request {
  if (trustProxy || !incoming?.socket.remoteAddress) return req;
  req.headers.set('x-forwarded-for', incoming.socket.remoteAddress);
  return req;
}

/** Listens with Hono's Node adapter (no hand-written HTTP parsing); resolves once listening. */
export function listen(handler: Handler, port: number, hostname?: string) {
  const { HOST, SKRIBRA_TRUST_PROXY } = readConfig();
  return new Promise<{ port: number; close: () => Promise<void> }>((resolveListening) => {
    const server = serve({
      fetch: (req, env) => handler(withClientAddress(req, env?.incoming, SKRIBRA_TRUST_PROXY)),
      port,
      hostname: hostname ?? HOST,
    }, (info) => {
      resolveListening({ port: info.port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
