import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Environment for a build without the blog: a store address that refuses at once (port 9, discard) and the blog
 * made optional, with no wait for a store that refuses, so the build never starts or waits for a store. The unit suite and the build benchmark use it.
 */
export const WITHOUT_BLOG = {
  DATABASE_URL: 'postgres://skribra@127.0.0.1:9/none',
  SKRIBRA_BLOG_OPTIONAL: '1',
  SKRIBRA_STORE_WAIT_S: '0',
} as const;

/**
 * How `astro build` is run, here and in the build benchmarks, with two V8 limits:
 * - the young generation held to 16 MB a semi-space. Left to V8, it grows with the machine's memory; the build's
 *   short-lived objects then hold more at once, and a warm 10,000-term build peaked at 690-705 MB against 595-610 MB
 *   with the cap, in the same time (docs/performance.md);
 * - the old generation let grow 30% past what the last full collection kept before the next. Left to V8, it grows
 *   up to 4x: each rendered page leaves garbage there that nothing collects until the page render ends, and a cold
 *   100,000-term build peaked at 3,071 MB against 1,706 MB with the limit, in the same time (docs/performance.md).
 */
export const ASTRO_BUILD = [
  '--max-semi-space-size=16',
  '--heap-growing-percent=30',
  resolve(ROOT, 'node_modules/astro/bin/astro.mjs'),
  'build',
];

/**
 * Runs `astro build` in a child process, so the build's module graph and memory stay out of the caller's. The
 * child gets the caller's environment plus `env`; `outDir` defaults to dist/. Throws with the build's output.
 */
export function astroBuild({
  outDir,
  env = {},
  quiet = false,
  args: more = [],
}: {
  outDir?: string;
  env?: Record<string, string | undefined>;
  quiet?: boolean;
  /** More arguments for `astro build`, as given (`npm run build -- --outDir x`). */
  args?: string[];
} = {}): void {
  using _lock = buildLock();
  const args = [...ASTRO_BUILD, ...(outDir ? ['--outDir', outDir] : []), ...(quiet ? ['--silent'] : []), ...more];
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`astro build failed (exit ${result.status})${quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
}

/**
 * One build of this checkout at a time: Astro stages prerendered chunks in `.astro/` of the project when the output
 * dir lies outside it, so two concurrent builds (a test run and `npm start`, say) would delete each other's chunks.
 * A lock left by a dead process is taken over at once.
 */
function buildLock(): Disposable {
  const dir = resolve(ROOT, 'node_modules', '.skribra-build.lock');
  const owner = () => {
    try {
      return Number(readFileSync(resolve(dir, 'pid'), 'utf8'));
    } catch {
      return 0;
    }
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(resolve(dir, 'pid'), String(process.pid));
      return { [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
    } catch {
      const pid = owner();
      if (pid && !alive(pid)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}
