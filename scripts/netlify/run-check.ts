// The Netlify-runtime check (DESIGN section 3, rule 13): the same build served by the Netlify model
// (netlify-server.ts: edge functions in Deno, functions in Node, `_redirects` and `_headers` as Netlify applies them)
// and by the local origin (`npm start`'s handler stack), asked the same matrix of requests; every difference that
// matters is a mismatch.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Sql } from 'postgres';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { ROOT } from './edge-bridge.ts';
import { STATIC_PATHS_FILE } from '../../src/request/api/public/load-artifacts.ts';
import { compare, send, type Mismatch } from './compare-answers.ts';
import { buildMatrix, type MatrixContext, type Probe } from './request-matrix.ts';

interface NetlifyCheckOptions {
  distDir: string;
  /** The SITE_URL the build was made for: its host is the Host header of every probe. */
  siteUrl: string;
  /** The content store: the local origin's client, and its URL for the Netlify functions (DATABASE_URL). */
  sql?: Sql;
  databaseUrl?: string;
  /** The demo account's key, for the content API's authenticated routes. */
  key?: string;
  /** Edge functions by name -> file, replacing netlify/edge-functions/<name>.ts (a test changes one). */
  edgeFunctions?: Record<string, string>;
  /** Only the probes this keeps. */
  filter?: (probe: Probe) => boolean;
}

export interface NetlifyCheckResult {
  probes: number;
  mismatches: Mismatch[];
  ms: number;
}

/**
 * Both runtimes end change streams (GET /v1/events) after 2 s unless the environment says otherwise, so a stream's
 * probe ends and its whole body (retry hint, ready event) is compared.
 */
const STREAM_BOUND = { SKRIBRA_EVENTS_MAX_S: process.env.SKRIBRA_EVENTS_MAX_S ?? '2' };

/** Starts the Netlify model in a child process with the functions' environment; resolves with its port. */
async function startNetlifyModel(o: NetlifyCheckOptions) {
  const dir = join(ROOT, 'netlify', 'edge-functions');
  const edge = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => [f.slice(0, -3), join(dir, f)]),
  );
  Object.assign(edge, o.edgeFunctions);
  const args = {
    distDir: o.distDir,
    functionsDir: join(ROOT, 'functions'),
    edgeFunctions: Object.entries(edge).map(([name, file]) => ({ name, file })),
  };
  const env = {
    ...process.env,
    ...STREAM_BOUND,
    SKRIBRA_DIST_DIR: o.distDir,
    SITE_URL: o.siteUrl,
    URL: o.siteUrl,
    DATABASE_URL: o.databaseUrl ?? '',
    NETLIFY_DB_URL: '',
  };
  const child = spawn(process.execPath, [join(import.meta.dirname, 'netlify-server.ts'), JSON.stringify(args)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) ok(JSON.parse(line).port);
      else console.log(`[netlify] ${line}`);
    });
    child.once('exit', (code) => fail(new Error(`the Netlify model exited (${code}) before listening`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** Real slugs, the blog's newest article, a server tool and the demo project, read from the running local origin. */
async function discover(o: NetlifyCheckOptions, local: string): Promise<MatrixContext> {
  const host = new URL(o.siteUrl).host;
  const getJson = async (path: string, headers: Record<string, string> = {}) => {
    const res = await send(local, host, { group: 'discover', method: 'GET', path, headers });
    try {
      return res.status === 200 ? JSON.parse(res.body.toString('utf8')).data : undefined;
    } catch {
      return undefined;
    }
  };
  const files = Object.values(JSON.parse(readFileSync(join(o.distDir, STATIC_PATHS_FILE), 'utf8')) as Record<string, string>);
  const slugs: Record<string, string> = {};
  for (const [source, folder] of [['terms', 'glossary'], ...COLLECTIONS.map((c) => [c.key, c.key])]) {
    const file = files.find((f) => f.startsWith(`/api/v1/${folder}/`) && f !== `/api/v1/${folder}/categories.json`);
    if (file) slugs[source!] = file.slice(`/api/v1/${folder}/`.length, -'.json'.length);
  }
  const tools = (await getJson('/api/v1/tools'))?.items as { slug: string; runs_on?: string }[] | undefined;
  const auth = o.key ? { authorization: `Bearer ${o.key}` } : undefined;
  const projectId = auth && ((await getJson('/v1/projects', auth))?.items?.[0]?.id as string | undefined);
  const articles = projectId && auth ? await getJson(`/v1/articles?projectId=${encodeURIComponent(projectId)}&limit=1`, auth) : undefined;
  // og:image of a page whose image the build wrote (the home page) and of one it left to the image function (a term).
  const ogImage = (file: string) => {
    try {
      return new URL(/<meta property="og:image" content="([^"]+)"/.exec(readFileSync(join(o.distDir, file), 'utf8'))![1]!).pathname;
    } catch {
      return undefined;
    }
  };
  return {
    slugs,
    siteUrl: o.siteUrl,
    images: { built: ogImage('index.html'), onRequest: slugs.terms ? ogImage(`glossary/${slugs.terms}/index.html`) : undefined },
    blogSlug: (await getJson('/api/v1/articles?limit=1'))?.items?.[0]?.slug,
    toolSlug: tools?.find((t) => t.runs_on === 'server')?.slug ?? tools?.[0]?.slug,
    key: o.key,
    projectId,
    articleSlug: articles?.items?.[0]?.slug,
  };
}

export async function runNetlifyCheck(o: NetlifyCheckOptions): Promise<NetlifyCheckResult> {
  const started = Date.now();
  const { handler } = createLocalOrigin({ distDir: o.distDir, config: readConfig({ ...process.env, ...STREAM_BOUND }), sql: o.sql });
  const local = await listen(handler, 0, '127.0.0.1');
  const netlify = await startNetlifyModel(o).catch(async (err) => {
    await local.close();
    throw err;
  });
  try {
    const localBase = `http://127.0.0.1:${local.port}`;
    const probes = buildMatrix(await discover(o, localBase)).filter(o.filter ?? (() => true));
    const host = new URL(o.siteUrl).host;
    const mismatches: Mismatch[] = [];
    const queue = [...probes];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          const [n, l] = await Promise.all([send(netlify.base, host, p), send(localBase, host, p)]);
          mismatches.push(...compare(p, n, l, o.siteUrl));
        }
      }),
    );
    const order = new Map(probes.map((p, i) => [p, i]));
    mismatches.sort((a, b) => order.get(a.probe)! - order.get(b.probe)!);
    return { probes: probes.length, mismatches, ms: Date.now() - started };
  } finally {
    netlify.stop();
    await local.close();
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The mismatches as a table, one row per differing field. */
export function mismatchTable(mismatches: Mismatch[]): string {
  const rows = mismatches.map((m) => [
    clip(
      `${m.probe.method} ${m.probe.path}${m.probe.headers?.accept ? ` [accept: ${m.probe.headers.accept}]` : ''}${m.probe.headers?.authorization ? ' [auth]' : ''}`,
      70,
    ),
    m.field,
    clip(m.netlify, 60),
    clip(m.local, 60),
  ]);
  const head = ['request', 'field', 'netlify model', 'local origin'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}

/** The same differences grouped: one line per (field, netlify value, local value), with how many requests show it. */
export function differenceSummary(mismatches: Mismatch[]): string {
  const groups = new Map<string, Mismatch[]>();
  for (const m of mismatches) {
    const key = m.field === 'body' ? 'body differs' : `${m.field}: ${clip(m.netlify, 50)} (netlify) vs ${clip(m.local, 50)} (local)`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(
      ([key, ms]) =>
        `${String(ms.length).padStart(4)} × ${key}  e.g. ${ms
          .slice(0, 3)
          .map((m) => `${m.probe.method} ${clip(m.probe.path, 40)}`)
          .join(', ')}`,
    )
    .join('\n');
}
