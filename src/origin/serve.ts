import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import type { Handler } from './create-origin.ts';
import { createAnswerMemo } from './answer-memo.ts';
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

/**
 * Listens with Hono's Node adapter (no hand-written HTTP parsing); resolves once listening. A repeated request for a
 * file answer is sent from the answer memo before the adapter sees it (answer-memo.ts).
 */
export function listen(handler: Handler, port: number, hostname?: string) {
  const { HOST, SKRIBRA_TRUST_PROXY } = readConfig();
  const memo = createAnswerMemo();
  return new Promise<{ port: number; close: () => Promise<void> }>((resolveListening) => {
    const server = serve({
      fetch: async (req, env) => {
        const res = await handler(withClientAddress(req, env?.incoming, SKRIBRA_TRUST_PROXY));
        if (env && 'incoming' in env) memo.remember(env.incoming as IncomingMessage, res);
        return res;
      },
      createServer: ((options: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
        createServer(options, (req, res) => { if (!memo.answer(req, res)) listener(req, res); })) as typeof createServer,
      port,
      hostname: hostname ?? HOST,
    }, (info) => {
      resolveListening({ port: info.port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
