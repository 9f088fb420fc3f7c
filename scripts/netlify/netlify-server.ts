#!/usr/bin/env node
// The Netlify model: one Node HTTP server that answers as Netlify's CDN does, in Netlify's documented order (the same
// order as @netlify/dev): edge functions (in Deno, edge-bridge.ts), then functions with a `config.path` (after the
// static file at the path when the function says `preferStatic`), then
// `_redirects`, then the static store with `_headers`, then the 404 page. Run as a child process so that the
// functions read their own environment (DATABASE_URL, SKRIBRA_DIST_DIR), as on Netlify. Argument: JSON
// `{ distDir, functionsDir, edgeFunctions: [{ name, file }] }`. Prints `{"port":N}` once listening.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEdge } from './edge-bridge.ts';
import { createFunctionRouter, importBuildPages, loadFunctions } from './functions-host.ts';
import { parseHeadersFile } from '../../src/model/core/header-rules.ts';
import { matchRedirect, parseRedirectsFile } from './redirect-rules.ts';
import { createStaticStore } from './static-store.ts';

const { distDir, functionsDir, edgeFunctions } = JSON.parse(process.argv[2]!) as {
  distDir: string;
  functionsDir: string;
  edgeFunctions: { name: string; file: string }[];
};
const readOr = (file: string) => {
  try {
    return readFileSync(join(distDir, file), 'utf8');
  } catch {
    return '';
  }
};
const headerRules = parseHeadersFile(readOr('_headers'));
const redirectRules = parseRedirectsFile(readOr('_redirects'));
const store = createStaticStore(distDir, headerRules);
importBuildPages(distDir);
const functions = createFunctionRouter(await loadFunctions(functionsDir));

/** Everything after the edge: functions, `_redirects`, static files, the 404 page. */
async function origin(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const readsFiles = req.method === 'GET' || req.method === 'HEAD';
  const own = readsFiles ? store.lookup(url.pathname, url.search) : undefined;
  const fn = functions.match(url.pathname, req.method);
  // `preferStatic`: a static file at the path (the query plays no part) answers before the function.
  if (fn?.config.preferStatic && own?.kind === 'file') return store.respond(req, own, own.path);
  if (fn) return functions.invoke(fn, req);
  const rule = matchRedirect(redirectRules, url);
  if (rule && (rule.force || !own)) {
    const target = new URL(rule.target, url);
    if (rule.status >= 300 && rule.status < 400) return new Response(null, { status: rule.status, headers: { location: rule.target } });
    const targetFn = functions.match(target.pathname, req.method);
    if (targetFn) return functions.invoke(targetFn, new Request(target, req));
    const file = readsFiles ? store.lookup(target.pathname, target.search) : undefined;
    if (file?.kind === 'file') return store.respond(req, file, file.path, rule.status === 404 ? 404 : 200);
  } else if (own) {
    return store.respond(req, own, own.kind === 'file' ? own.path : url.pathname);
  }
  return notFound(req, url);
}

function notFound(req: Request, url: URL): Response {
  const page = store.file('/404.html');
  if (page?.kind !== 'file') return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  // The 404 page carries the `_headers` of the path that was asked for (an assumption: production does not say).
  return store.respond(new Request(req.url, { method: req.method === 'HEAD' ? 'HEAD' : 'GET' }), page, url.pathname, 404);
}

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'expect']);

async function toRequest(incoming: IncomingMessage): Promise<{ req: Request; body: ArrayBuffer | undefined; passthrough: boolean }> {
  const chunks: Buffer[] = [];
  for await (const c of incoming) chunks.push(c as Buffer);
  const body = chunks.length ? new Uint8Array(Buffer.concat(chunks)).buffer : undefined;
  const headers = new Headers();
  for (const [k, v] of Object.entries(incoming.headers))
    if (v !== undefined && !HOP.has(k)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  const publicUrl = headers.get('x-harness-url') ?? `http://${incoming.headers.host}${incoming.url}`;
  const passthrough = headers.has('x-nf-passthrough');
  headers.delete('x-harness-url');
  headers.delete('x-nf-passthrough');
  const method = incoming.method ?? 'GET';
  return {
    req: new Request(publicUrl, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body }),
    body,
    passthrough,
  };
}

async function send(res: ServerResponse, answer: Response, method: string) {
  const body = method === 'HEAD' || answer.status === 304 ? Buffer.alloc(0) : Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = {};
  answer.headers.forEach((v, k) => {
    if (!HOP.has(k)) headers[k] = v;
  });
  if (method !== 'HEAD') headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(body);
}

const server = createServer(async (incoming, res) => {
  try {
    const { req, body, passthrough } = await toRequest(incoming);
    const edge = passthrough ? undefined : await bridge.forward(req, body);
    await send(res, edge ?? (await origin(req)), req.method);
  } catch (err) {
    console.error('netlify model:', err);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('netlify model error\n');
  }
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as { port: number }).port;
const bridge = await startEdge({ distDir, functions: edgeFunctions, origin: `http://127.0.0.1:${port}` });
process.on('SIGTERM', () => {
  bridge.stop();
  server.close();
  process.exit(0);
});
process.on('exit', () => bridge.stop());
console.log(JSON.stringify({ port, edge: bridge.functions }));
