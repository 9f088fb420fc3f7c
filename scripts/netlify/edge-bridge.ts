// Starts the Deno edge harness (edge-harness.ts) with the `deno` binary of the npm package and forwards requests to it.
// The edge functions import the build's JSON from `../../dist/_skribra/`: an import map points that at the dist under
// test, so the files under netlify/ run unchanged against a build in a temp dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');

interface EdgeBridge {
  forward(req: Request, body: ArrayBuffer | undefined): Promise<Response | undefined>;
  stop(): void;
  functions: string[];
}

export async function startEdge(opts: {
  distDir: string;
  functions: { name: string; file: string }[];
  origin: string;
}): Promise<EdgeBridge> {
  const dir = mkdtempSync(join(tmpdir(), 'skribra-edge-'));
  const importMap = join(dir, 'import-map.json');
  const distUrl = (p: string) => `${pathToFileURL(p).href.replace(/\/?$/, '/')}`;
  writeFileSync(importMap, JSON.stringify({ imports: { [distUrl(join(ROOT, 'dist'))]: distUrl(opts.distDir) } }));
  const child: ChildProcess = spawn(
    DENO,
    [
      'run',
      '-A',
      '--node-modules-dir=manual',
      `--import-map=${importMap}`,
      join(import.meta.dirname, 'edge-harness.ts'),
      JSON.stringify({ functions: opts.functions.map((f) => ({ name: f.name, file: pathToFileURL(f.file).href })), origin: opts.origin }),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } },
  );
  const ready = await new Promise<{ port: number; functions: string[] }>((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) ok(JSON.parse(line));
      else console.log(`[deno] ${line}`);
    });
    child.once('exit', (code) => fail(new Error(`the Deno edge harness exited (${code}) before listening`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  return {
    functions: ready.functions,
    /** The edge answer, or undefined when no edge function runs for the request (the CDN goes on). */
    async forward(req, body) {
      const url = new URL(req.url);
      const headers = new Headers(req.headers);
      headers.set('x-harness-url', url.href);
      const withBody = req.method !== 'GET' && req.method !== 'HEAD';
      const res = await fetch(`${base}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: withBody ? body : undefined,
        redirect: 'manual',
      });
      if (res.headers.get('x-harness-bypass') === '1') return undefined;
      return res;
    },
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
