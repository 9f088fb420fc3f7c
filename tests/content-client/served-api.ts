// The content API served over real HTTP on loopback, in front of a real store, plus a fault-injecting pass-through
// in front of it (a CDN or load balancer that answers 429/503 or drops a connection), counting every request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Sql } from 'postgres';
import { createContentApi, type ContentApiDeps } from '../../src/request/api/content/create-content-api.ts';
import { readConfig } from '../../src/model/config.ts';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** The content API handler on a free loopback port (Hono's Node adapter, as the local origin uses). */
export async function serveContentApi(sql: Sql, deps: Partial<ContentApiDeps> = {}): Promise<Served> {
  const handler = createContentApi({ sql, config: readConfig(), checkAnswers: true, ...deps });
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info) => {
      // Closing ends what is still open too (a change stream a failed test left), so a suite's teardown never waits on it.
      const close = () =>
        new Promise<void>((r) => {
          server.close(() => r());
          (server as Server).closeAllConnections();
        });
      resolve({ url: `http://127.0.0.1:${info.port}`, close });
    });
  });
}

/** A scripted answer: a status, a dropped connection, or `pass` (this request goes through). */
export type Fault = { status: number; headers?: Record<string, string>; body?: string } | 'drop' | 'pass';

export interface Proxy extends Served {
  /** Every request that reached the proxy: method, path and query, If-None-Match. */
  log: { path: string; ifNoneMatch?: string; status: number }[];
  /** Answers for the next requests instead of the upstream, in order. */
  faults: Fault[];
}

/** A pass-through to `upstream` that serves scripted faults first. */
export async function startProxy(upstream: string): Promise<Proxy> {
  const log: Proxy['log'] = [];
  const faults: Fault[] = [];
  const server: Server = createServer(async (req, res) => {
    const fault = faults.shift();
    const entry = { path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], status: 0 };
    log.push(entry);
    if (fault === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault && fault !== 'pass') {
      entry.status = fault.status;
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(fault.body ?? '');
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers.set(k, v);
    const up = await fetch(upstream + (req.url ?? '/'), { headers });
    entry.status = up.status;
    const out: Record<string, string> = {};
    up.headers.forEach((v, k) => {
      if (k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'content-length') out[k] = v;
    });
    res.writeHead(up.status, out);
    res.end(Buffer.from(await up.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    faults,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
