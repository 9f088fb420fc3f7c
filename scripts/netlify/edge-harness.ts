// The Netlify edge layer, run in Deno (`deno run -A --node-modules-dir=manual edge-harness.ts '<json>'`): it imports
// each edge function's default export and config, matches them as Netlify's edge bundler compiles `path`,
// `excludedPath` and `method` (a URLPattern, then an optional trailing slash; functions in name order) and runs the
// chain with the semantics of Netlify's bootstrap (@netlify/edge-functions-bootstrap): `undefined` continues to the
// next function, a `URL` rewrites on the same site (functions matching the new path run, else the origin serves it),
// `context.next()` runs the rest of the chain and then the origin. "The origin" is the Node CDN model
// (scripts/netlify/netlify-server.ts), reached with `x-nf-passthrough` so it skips this layer.
// Protocol with the Node side: requests carry `x-harness-url` (the public URL the client asked for); a request no
// function matches is answered 204 with `x-harness-bypass: 1`. Prints `{"port":N,"functions":[...]}` once listening.

// Deno's globals, declared here (in a module, so the declaration stays local) so that the project's `tsc` (Node
// types) accepts this file; `deno run` does not type-check.
export {};
declare const Deno: {
  args: string[];
  serve(
    options: { port: number; hostname: string; onListen(addr: { port: number }): void },
    handler: (req: Request) => Promise<Response>,
  ): unknown;
};

interface EdgeConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
}
type EdgeResult = Response | URL | undefined | undefined;
interface EdgeFunction {
  name: string;
  handler: (req: Request, context: unknown) => EdgeResult | Promise<EdgeResult>;
  config: EdgeConfig;
}

/** `file` is a file: URL; `origin` is the Node CDN model's address. */
const { functions: files, origin } = JSON.parse(Deno.args[0]!) as { functions: { name: string; file: string }[]; origin: string };
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const loaded: EdgeFunction[] = [];
for (const { name, file } of [...files].sort((a, b) => a.name.localeCompare(b.name))) {
  const mod = await import(file);
  loaded.push({ name, handler: mod.default, config: mod.config ?? {} });
}

/** edge-bundler: `^<URLPattern pathname regexp>\/?$`, i.e. the pattern, or the pattern plus one trailing slash. */
const matcher = (path: string) => {
  const pattern = new URLPattern({ pathname: path });
  return (p: string) => pattern.test({ pathname: p }) || (p.endsWith('/') && p.length > 1 && pattern.test({ pathname: p.slice(0, -1) }));
};
const routes = loaded.map((f) => ({
  f,
  paths: list(f.config.path).map(matcher),
  excluded: list(f.config.excludedPath).map(matcher),
  methods: list(f.config.method).map((m) => m.toUpperCase()),
}));

function chainFor(url: URL, method: string): EdgeFunction[] {
  const path = url.pathname;
  return routes
    .filter((r) => (!r.methods.length || r.methods.includes(method)) && r.paths.some((m) => m(path)) && !r.excluded.some((m) => m(path)))
    .map((r) => r.f);
}

const publicOrigin = { value: '' };
const realFetch = globalThis.fetch;
/** A same-site subrequest from a function (markdown.ts fetches the twin file) goes through the whole CDN again. */
function toCdn(input: Request | URL | string, init?: RequestInit, passthrough = false): Promise<Response> {
  const req = new Request(input, init);
  const url = new URL(req.url);
  if (url.origin !== publicOrigin.value) return realFetch(req);
  const headers = new Headers(req.headers);
  headers.set('x-harness-url', url.href);
  if (passthrough) headers.set('x-nf-passthrough', '1');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body;
  return realFetch(`${origin}${url.pathname}${url.search}`, {
    method: req.method,
    headers,
    body,
    redirect: 'manual',
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}
globalThis.fetch = ((input: Request | URL | string, init?: RequestInit) => toCdn(input, init)) as typeof fetch;

const CONDITIONAL = ['if-none-match', 'if-match', 'if-modified-since', 'if-unmodified-since', 'if-range'];

/** The origin for this request (the bootstrap's passthrough); `context.next()` strips conditional headers. */
function passthrough(req: Request, stripConditional: boolean): Promise<Response> {
  const headers = new Headers(req.headers);
  if (stripConditional) for (const h of CONDITIONAL) headers.delete(h);
  return toCdn(req, { headers }, true);
}

async function run(chain: EdgeFunction[], i: number, req: Request, rewrites: Set<string>, viaNext: boolean): Promise<Response> {
  const f = chain[i];
  if (!f) return passthrough(req, viaNext);
  const url = new URL(req.url);
  const context = {
    next: (r?: Request) => run(chain, i + 1, r instanceof Request ? r : req, rewrites, true),
    url,
    requestId: crypto.randomUUID(),
    ip: '127.0.0.1',
    geo: {},
    params: {},
    cookies: { get: () => undefined, set() {}, delete() {} },
    site: { id: 'harness', name: 'harness', url: publicOrigin.value },
    deploy: { context: 'production', id: 'harness', published: true },
    server: { region: 'harness' },
    account: { id: 'harness' },
    json: (v: unknown) => Response.json(v),
    log: console.log,
    waitUntil: () => {},
  };
  const result = await f.handler(req, context);
  if (result instanceof Response) return result;
  if (result === undefined) return run(chain, i + 1, req, rewrites, viaNext);
  if (result instanceof URL) {
    if (result.origin !== url.origin) throw new Error(`${f.name}: rewrite to another origin (${result.href})`);
    if (rewrites.has(result.pathname)) throw new Error(`${f.name}: rewrite loop at ${result.pathname}`);
    const next = new Request(result, req);
    const again = chainFor(result, req.method);
    return again.length ? run(again, 0, next, new Set([...rewrites, url.pathname]), viaNext) : passthrough(next, viaNext);
  }
  throw new Error(`${f.name} returned an unsupported value`);
}

Deno.serve(
  { port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(JSON.stringify({ port, functions: loaded.map((f) => f.name) })) },
  async (incoming) => {
    const publicUrl = new URL(incoming.headers.get('x-harness-url')!);
    publicOrigin.value = publicUrl.origin;
    const headers = new Headers(incoming.headers);
    headers.delete('x-harness-url');
    const req = new Request(publicUrl, {
      method: incoming.method,
      headers,
      body: incoming.body,
      ...(incoming.body ? { duplex: 'half' } : {}),
    } as RequestInit);
    const chain = chainFor(publicUrl, req.method);
    if (!chain.length) return new Response(null, { status: 204, headers: { 'x-harness-bypass': '1' } });
    try {
      const res = await run(chain, 0, req, new Set(), false);
      const out = new Headers(res.headers);
      out.delete('content-length');
      return new Response(res.body, { status: res.status, headers: out });
    } catch (err) {
      console.error(`edge function error on ${req.method} ${publicUrl.pathname}:`, err);
      return new Response('Edge function error\n', {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-nf-uncaught-error': '1' },
      });
    }
  },
);
