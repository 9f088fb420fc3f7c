import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import type { Handler } from './create-origin.ts';
import { createAnswerMemo } from './answer-memo.ts';
import { clientAddress, withClientAddress } from '../src/request/api/http/client-address.ts';

/**
 * How long a shutdown waits for the requests in flight: a change stream (GET /v1/events, open up to 900 s here) is closed
 * after it, and its client resumes from its cursor against whatever serves next.
 */
export const CLOSE_GRACE_MS = 2000;

/** Stops accepting connections (close() also ends the idle ones) and ends the rest once they had CLOSE_GRACE_MS. */
function closeServer(server: Server): Promise<void> {
  return new Promise((closed) => {
    const late = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close(() => {
      clearTimeout(late);
      closed();
    });
  });
}

/**
 * Listens with Hono's Node adapter (no hand-written HTTP parsing); resolves once listening. A repeated request for a
 * file answer is sent from the answer memo before the adapter sees it (answer-memo.ts). The entry point passes its
 * config's HOST as `hostname` and SKRIBRA_TRUST_PROXY as `trustProxy`: off unless it says so, as a proxy's
 * X-Forwarded-For is only believed when the operator put one in front.
 */
export function listen(handler: Handler, port: number, hostname: string, trustProxy = false) {
  const memo = createAnswerMemo();
  return new Promise<{ port: number; close: () => Promise<void> }>((resolveListening, refuse) => {
    const server = serve(
      {
        fetch: async (req, env) => {
          // Per-address limits key on the socket's address, or on a trusted proxy's last hop (SKRIBRA_TRUST_PROXY=1).
          const address = clientAddress(env?.incoming?.socket.remoteAddress, req.headers.get('x-forwarded-for'), trustProxy);
          const res = await handler(withClientAddress(req, address));
          if (env && 'incoming' in env) memo.remember(env.incoming as IncomingMessage, res);
          return res;
        },
        createServer: ((options: object, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
          createServer(options, (req, res) => {
            if (!memo.answer(req, res)) listener(req, res);
          })) as typeof createServer,
        port,
        hostname,
      },
      (info) => {
        server.off('error', refuse);
        resolveListening({ port: info.port, close: () => closeServer(server as Server) });
      },
    );
    // A port in use or refused rejects (listen-error.ts words it), instead of an unhandled 'error' event.
    server.once('error', refuse);
  });
}
