// An editor's loop against a running `npm start`: a content file changes, a second `npm start` on the same port or
// data directory is refused in one line before it builds or touches anything, and `npm run build` while the first
// serves publishes a new build beside the served one. The first server answers every route kind 200 throughout, and
// once the build is published every answer comes from the new build (files, catalog and indexes alike).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBuildDir } from '../helpers/test-builds.ts';

const root = resolve(import.meta.dirname, '..', '..');
// Inside the checkout (test-builds.ts): the builds then stage their chunks in their own folders, beside the suite's.
const work = testBuildDir('second-start');
const contentDir = join(work, 'content');
const dataDir = join(work, 'data');
const distDir = join(work, 'dist');
const MARKER = 'Zebracornish';
let port = 0;
let first: ChildProcess | undefined;
let out = '';
let key = '';

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = s.address() as { port: number };
      s.close(() => ok(p));
    });
  });

const env = (more: Record<string, string> = {}) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  // As the suite's other builds have it: the build's Open Graph images and page caches are then reused.
  SITE_URL: 'http://localhost:4321',
  SKRIBRA_DATA_DIR: dataDir,
  SKRIBRA_DIST_DIR: distDir,
  SKRIBRA_CONTENT_DIR: contentDir,
  // The test asks for every route kind every 100 ms while a build runs: more list requests than an hour's quota.
  SKRIBRA_RATE_LIST_HOUR: '1000000',
  SKRIBRA_RATE_LIST_DAY: '1000000',
  ...more,
});

/** Every route kind the first server answers, by name: static page, public API (computed), a twin, the content API. */
const routes = () => ({
  page: '/glossary/canonical-url/',
  search: '/api/v1/search?q=canonical',
  category: '/api/v1/glossary?category=technical-seo&limit=100',
  twin: '/glossary/canonical-url.md',
  projects: '/v1/projects',
});

/**
 * A command's exit status and output. Not spawnSync: a test process blocked for seconds would leave its idle
 * keep-alive sockets to the first server unread, closed by the server meanwhile, and its next fetch on one would fail.
 */
function run(command: string, args: string[], environment: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(command, args, { cwd: root, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

async function getAll(): Promise<Record<string, { status: number; body: string }>> {
  const answers: Record<string, { status: number; body: string }> = {};
  for (const [name, path] of Object.entries(routes())) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${key}` } });
    answers[name] = { status: res.status, body: await res.text() };
  }
  return answers;
}

beforeAll(async () => {
  port = await freePort();
  chmodSync(work, 0o711); // the embedded server runs as `postgres` under root: it must reach its data directory
  cpSync(join(root, 'content'), contentDir, { recursive: true });
  first = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  first.stdout!.on('data', (d) => (out += d));
  first.stderr!.on('data', (d) => (out += d));
  const t0 = Date.now();
  while (!/Skribra is serving/.test(out)) {
    if (first.exitCode !== null) throw new Error(`npm start exited ${first.exitCode}:\n${out}`);
    if (Date.now() - t0 > 380_000) throw new Error(`npm start not serving:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  key = /^\s+(sk_live_\S+)$/m.exec(out)![1]!;
}, 400_000);

afterAll(async () => {
  if (first && first.exitCode === null) {
    first.kill('SIGTERM');
    await new Promise((r) => first!.once('exit', r));
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a second npm start and npm run build beside a running one', () => {
  it('refuses the second start in one line, builds beside the served build, and serves one build at a time', async () => {
    const before = await getAll();
    for (const [name, a] of Object.entries(before)) expect([name, a.status]).toEqual([name, 200]);
    const served = readFileSync(join(distDir, '_skribra', 'fingerprint'), 'utf8');

    // The editor changes a term, then starts again on the same port and data directory.
    const term = join(contentDir, 'glossary', 'canonical-url.md');
    writeFileSync(
      term,
      readFileSync(term, 'utf8').replace('A canonical URL is the preferred', `A canonical URL (${MARKER}) is the preferred`),
    );
    const again = await run('npm', ['start'], env());
    expect(again.status).toBe(1);
    const said = again.stderr.split('\n').filter((l) => l.startsWith('npm start:'));
    expect(said).toEqual([
      `npm start: Skribra is already running from ${dataDir} (pid ${first!.pid}, port ${port}): use it, or stop it first (Ctrl-C in its terminal, or kill ${first!.pid}); after a change, \`npm run build\` and the running server picks the new build up`,
    ]);
    expect(again.stdout).not.toMatch(/building the site/);
    // On the same port with a data directory of its own: the port and its holder are named, nothing is made.
    const otherData = join(work, 'other-data');
    const onPort = await run('npm', ['start'], env({ SKRIBRA_DATA_DIR: otherData }));
    expect(onPort.status).toBe(1);
    expect(onPort.stderr.split('\n').filter((l) => l.startsWith('npm start:'))).toEqual([
      `npm start: port ${port} is already in use by pid ${first!.pid} (node start.ts): stop that process, or choose another port (PORT=${port + 1} npm start)`,
    ]);
    expect(existsSync(otherData)).toBe(false);
    expect(readFileSync(join(distDir, '_skribra', 'fingerprint'), 'utf8')).toBe(served);

    // `npm run build` into the served dist while the first server answers every route kind.
    const build = spawn('npm', ['run', 'build', '--', '--outDir', distDir, '--silent'], { cwd: root, env: env(), stdio: 'pipe' });
    let buildOut = '';
    build.stdout!.on('data', (d) => (buildOut += d));
    build.stderr!.on('data', (d) => (buildOut += d));
    const built = new Promise<number | null>((r) => build.once('exit', r));
    let finished = false;
    void built.then(() => (finished = true));
    const during: string[] = [];
    while (!finished) {
      for (const [name, a] of Object.entries(await getAll()))
        if (a.status !== 200) during.push(`${name} ${a.status} ${a.body.slice(0, 200)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await built, buildOut).toBe(0);
    expect(during).toEqual([]);

    // Published whole: within the origin's recheck (1 s), every answer is the new build's.
    await new Promise((r) => setTimeout(r, 1500));
    const after = await getAll();
    for (const [name, a] of Object.entries(after)) expect([name, a.status]).toEqual([name, 200]);
    expect(after.page!.body).toContain(MARKER);
    expect(after.twin!.body).toContain(MARKER);
    expect(after.search!.body).toContain(MARKER);
    expect(after.category!.body).toContain(MARKER);
    expect(JSON.parse(after.projects!.body).data.items.length).toBeGreaterThan(0);
    expect(out).toMatch(/serving the new build in /);
  }, 400_000);
});
