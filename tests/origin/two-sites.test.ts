// Two `npm start`s of one checkout for two site URLs share its dist link (issue 46): the second builds for its own
// URL and publishes to the same link, and the first goes on serving its own build. Each origin's canonical links and
// sitemap entries name its own site, before and after the other started. The second has no SITE_URL: it defaults
// from its PORT, as for a developer who starts another instance on another port. The first, started again, serves
// its kept build without building.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testBuildDir } from '../helpers/test-builds.ts';

const root = resolve(import.meta.dirname, '..', '..');
// Inside the checkout (test-builds.ts): the builds then stage their chunks in their own folders.
const work = testBuildDir('two-sites');
const distDir = join(work, 'dist');
const started: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

interface Origin {
  port: number;
  site: string;
  output: () => string;
}

/** `npm start` on a port of its own with a data directory of its own, over the shared dist; resolves once serving. */
async function start(name: string, site?: string): Promise<Origin> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: site,
    SKRIBRA_DATA_DIR: join(work, `data-${name}`),
    SKRIBRA_DIST_DIR: distDir,
  };
  if (!site) delete env.SITE_URL;
  const child = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const t0 = Date.now();
  while (!/Skribra is serving/.test(out)) {
    if (child.exitCode !== null) throw new Error(`npm start (${name}) exited ${child.exitCode}:\n${out}`);
    if (Date.now() - t0 > 380_000) throw new Error(`npm start (${name}) not serving:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, site: site ?? `http://localhost:${port}`, output: () => out };
}

/** The sites an origin's canonical link and sitemap entries name. */
async function named(origin: Origin): Promise<{ canonical: string[]; sitemap: string[] }> {
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${origin.port}${path}`);
    expect([path, res.status]).toEqual([path, 200]);
    return res.text();
  };
  const siteOf = (url: string) => new URL(url).origin;
  const page = await get('/glossary/canonical-url/');
  const sitemap = await get('/sitemap.xml');
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThan(0);
  return {
    canonical: [...page.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => siteOf(m[1]!)),
    sitemap: [...new Set(locs.map(siteOf))],
  };
}

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  rmSync(work, { recursive: true, force: true });
});

describe('two npm starts of one checkout for two site URLs', () => {
  it('each origin serves a build made for its own URL, before and after the other started', async () => {
    chmodSync(work, 0o711); // the embedded server runs as `postgres` under root: it must reach its data directories
    // As the suite's other builds have it: the build's Open Graph images and page caches are then reused.
    const first = await start('first', 'http://localhost:4321');
    const own = (o: Origin) => ({ canonical: [o.site], sitemap: [o.site] });
    expect(await named(first)).toEqual(own(first));

    const second = await start('second');
    expect(second.output()).toMatch(/building the site/);
    expect(await named(second)).toEqual(own(second));
    // Past the first origin's recheck of the link (1 s), twice: the second's build is not taken up.
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, 1200));
      expect(await named(first)).toEqual(own(first));
    }
    expect(first.output()).toContain(`it was made for ${second.site}, not ${first.site}`);
    expect(await named(second)).toEqual(own(second));

    // The first started again (the link now names the second's build): its own build is still there, and current.
    const child = started[0]!;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const again = await start('first', first.site);
    expect(again.output()).not.toMatch(/building the site/);
    expect(await named(again)).toEqual(own(first));
    expect(await named(second)).toEqual(own(second));
  }, 800_000);
});
