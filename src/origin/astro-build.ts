import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Environment for a build without the blog: a store address that refuses at once (port 9, discard) and the blog
 * made optional, so the build never starts or waits for a store. The unit suite and the build benchmark use it.
 */
export const WITHOUT_BLOG = { DATABASE_URL: 'postgres://skribra@127.0.0.1:9/none', SKRIBRA_BLOG_OPTIONAL: '1' } as const;

/**
 * Runs `astro build` in a child process, so the build's module graph and memory stay out of the caller's. The
 * child gets the caller's environment plus `env`; `outDir` defaults to dist/. Throws with the build's output.
 */
export function astroBuild({ outDir, env = {}, quiet = false }: { outDir?: string; env?: Record<string, string | undefined>; quiet?: boolean } = {}): void {
  const args = [resolve(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', ...(outDir ? ['--outDir', outDir] : []), ...(quiet ? ['--silent'] : [])];
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})${quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
}
