// Netlify Functions 2.0 as the platform routes them: each `functions/*.mts` module is imported (in Node, as Netlify
// runs it; the module reads its environment at load, once per instance), its `config` read, and its default export
// called with a web Request and a minimal context. A function with `config.path` (URLPattern, matched as Netlify's
// function router does: trailing slash dropped, lower case; `config.method` filters) answers only there and wins over
// static files and `_redirects` unless it says `preferStatic` (netlify-server.ts then serves the file at the path
// first); one without a path answers at /.netlify/functions/<name>.
// Background functions answer 202 at once and run on; scheduled functions are not reachable by URL.
// Netlify bundles the functions after the build, so a function's import of the build's on-request pages (the stable
// CURRENT_BUNDLE) is that build's bundle: here too, whatever else was built in this checkout since.
import { readdirSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CURRENT_BUNDLE, provideRenderSettings } from '../../src/build-time/render-bundle.ts';

interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  schedule?: string;
  background?: boolean;
  preferStatic?: boolean;
}
type FunctionHandler = (req: Request, context: unknown) => Response | undefined | undefined | Promise<Response | undefined | undefined>;
export interface LoadedFunction {
  name: string;
  config: FunctionConfig;
  handler: FunctionHandler;
}

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Resolves CURRENT_BUNDLE to the bundle the build in `distDir` recorded, for the modules imported from now on. */
export function importBuildPages(distDir: string): void {
  const bundle = provideRenderSettings(distDir);
  if (!bundle) return;
  const current = pathToFileURL(CURRENT_BUNDLE).href;
  const entry = pathToFileURL(bundle.entry).href;
  registerHooks({
    resolve: (specifier, context, next) =>
      context.parentURL && specifier.endsWith('current.mjs') && new URL(specifier, context.parentURL).href === current
        ? { url: entry, shortCircuit: true }
        : next(specifier, context),
  });
}

export async function loadFunctions(dir: string): Promise<LoadedFunction[]> {
  const out: LoadedFunction[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => /\.(mts|mjs|ts|js)$/.test(f))
    .sort()) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    out.push({ name: basename(file).replace(/\.[^.]+$/, ''), config: mod.config ?? {}, handler: mod.default });
  }
  return out;
}

export function createFunctionRouter(functions: LoadedFunction[]) {
  const routes = functions
    .filter((f) => !f.config.schedule)
    .map((f) => {
      const patterns = list(f.config.path).map((p) => new URLPattern({ pathname: p.toLowerCase() }));
      const excluded = list(f.config.excludedPath).map((p) => new URLPattern({ pathname: p.toLowerCase() }));
      return { f, patterns, excluded, methods: list(f.config.method).map((m) => m.toUpperCase()) };
    });

  /** The function serving this URL path and method, if any. */
  function match(pathname: string, method: string): LoadedFunction | undefined {
    const path = (pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
    for (const r of routes) {
      if (r.methods.length && !r.methods.includes(method)) continue;
      const hit = r.patterns.length
        ? r.patterns.some((p) => p.test({ pathname: path }))
        : path === `/.netlify/functions/${r.f.name.toLowerCase()}`;
      if (hit && !r.excluded.some((p) => p.test({ pathname: path }))) return r.f;
    }
    return undefined;
  }

  async function invoke(f: LoadedFunction, req: Request): Promise<Response> {
    const url = new URL(req.url);
    const context = {
      url,
      params: {},
      geo: {},
      ip: '127.0.0.1',
      requestId: crypto.randomUUID(),
      cookies: { get: () => undefined, set() {}, delete() {} },
      site: { id: 'harness', name: 'harness', url: url.origin },
      deploy: { context: 'production', id: 'harness', published: true },
      server: { region: 'harness' },
      account: { id: 'harness' },
      json: (v: unknown) => Response.json(v),
      waitUntil: () => {},
    };
    if (f.config.background) {
      void Promise.resolve(f.handler(req, context)).catch((err) => console.error(`background function ${f.name}:`, err));
      return new Response(null, { status: 202 });
    }
    try {
      return (await f.handler(req, context)) ?? new Response(null, { status: 204 });
    } catch (err) {
      // Netlify answers an uncaught function error with a 500 of its own.
      console.error(`function ${f.name} threw on ${req.method} ${url.pathname}:`, err);
      return new Response(JSON.stringify({ errorType: 'Error', errorMessage: String((err as Error)?.message ?? err) }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
  }

  return { match, invoke };
}
