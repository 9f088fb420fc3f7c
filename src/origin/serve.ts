import { serve } from '@hono/node-server';
import type { Handler } from './create-origin.ts';

/** Listens on loopback-or-all with Hono's Node adapter (no hand-written HTTP parsing); resolves once listening. */
export function listen(handler: Handler, port: number, hostname = process.env.HOST ?? '0.0.0.0') {
  return new Promise<{ port: number; close: () => Promise<void> }>((resolveListening) => {
    const server = serve({ fetch: handler, port, hostname }, (info) => {
      resolveListening({ port: info.port, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
