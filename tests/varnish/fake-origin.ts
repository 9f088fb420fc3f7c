// An origin whose answers the VCL tests choose: tagged as the blog's (taggedHeaders), static as dist/'s, uncacheable
// three ways, negotiated on Accept, keyed; each body counts the origin's fetches of its path, so a test sees whether
// an answer came from the origin or the cache. fail() makes it answer a status, or refuse connections ('down').
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { taggedHeaders } from '../../src/model/core/cache-tags.ts';

export interface FakeOrigin {
  url: string;
  /** How many times the origin answered this path. */
  fetches(path: string): number;
  /** Answer every request with this status (no-store), refuse connections ('down'), or answer again (undefined). */
  fail(how: number | 'down' | undefined): Promise<void>;
  close(): Promise<void>;
}

type Answer = { status?: number; headers: Record<string, string>; body: string };

function answer(req: IncomingMessage, path: string, n: number): Answer {
  const tagged = /^\/tagged\/([a-z0-9-]+)$/.exec(path);
  if (tagged) {
    const name = tagged[1]!;
    return { headers: { ...taggedHeaders([`t/${name}`, 'list']), etag: `"${name}-${n}"` }, body: `${name} #${n}` };
  }
  const page = { 'cache-control': 'public, max-age=0, must-revalidate', etag: '"static-1"' };
  if (path === '/static') {
    if (req.headers['if-none-match'] === '"static-1"') return { status: 304, headers: page, body: '' };
    return { headers: page, body: `static #${n}` };
  }
  if (path === '/no-store') return { headers: { 'cache-control': 'no-store' }, body: `no-store #${n}` };
  if (path === '/private') return { headers: { 'cache-control': 'private, max-age=600' }, body: `private #${n}` };
  if (path === '/cookie') return { headers: { 'cache-control': 'public, max-age=600', 'set-cookie': 'a=b' }, body: `cookie #${n}` };
  if (path === '/negotiated') {
    const md = (req.headers.accept ?? '').includes('text/markdown');
    return { headers: { ...taggedHeaders(['t/negotiated']), vary: 'Accept' }, body: md ? `# markdown #${n}` : `<p>html #${n}</p>` };
  }
  if (path === '/keyed')
    return { headers: { 'cache-control': 'public, max-age=600', vary: 'Authorization, X-Api-Key' }, body: `keyed #${n}` };
  return { status: 404, headers: { 'cache-control': 'no-store' }, body: 'no such path' };
}

export async function startFakeOrigin(): Promise<FakeOrigin> {
  const counts = new Map<string, number>();
  let failing: number | undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://origin').pathname;
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    if (failing) {
      res.writeHead(failing, { 'cache-control': 'no-store', 'content-type': 'text/plain' }).end('origin failed');
      return;
    }
    const a = answer(req, path, n);
    res.writeHead(a.status ?? 200, { 'content-type': 'text/plain; charset=utf-8', ...a.headers }).end(a.body);
  });
  const listen = (port: number) => new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const close = () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fetches: (path) => counts.get(path) ?? 0,
    async fail(how) {
      if (how === 'down') {
        if (server.listening) await close();
        return;
      }
      failing = how;
      if (!server.listening) await listen(port);
    },
    close: () => (server.listening ? close() : Promise.resolve()),
  };
}
