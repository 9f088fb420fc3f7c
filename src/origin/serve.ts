import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import type { Handler } from './create-origin.ts';
import { createAnswerMemo } from './answer-memo.ts';
import { readConfig, type Config } from '../config.ts';
import { clientAddress, withClientAddress } from '../api/http/client-address.ts';


/**
 * Listens with Hono's Node adapter (no hand-written HTTP parsing); resolves once listening. A repeated request for a
 * file answer is sent from the answer memo before the adapter sees it (answer-memo.ts). `config` is the one the entry
 * point read (HOST, SKRIBRA_TRUST_PROXY); read from the environment when left out.
 */
export function listen(handler: Handler, port: number, hostname?: string, config: Pick<Config, 'HOST' | 'SKRIBRA_TRUST_PROXY'> = readConfig()) {
  const { HOST, SKRIBRA_TRUST_PROXY } = config;
  const memo = createAnswerMemo();
  return new Promise<{ port: number; close: () => Promise<void> }>((resolveListening) => {
    const server = serve({
      fetch: async (req, env) => {
        // Per-address limits key on the socket's address, or on a trusted proxy's last hop (SKRIBRA_TRUST_PROXY=1).
        const address = clientAddress(env?.incoming?.socket.remoteAddress, req.headers.get('x-forwarded-for'), SKRIBRA_TRUST_PROXY);
        const res = await handler(withClientAddress(req, address));
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
