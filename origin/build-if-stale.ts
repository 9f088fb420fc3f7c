import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { astroBuild } from '../src/build-time/astro-build.ts';
import { buildsDirOf, newBuildDir, publishBuild } from '../src/build-time/dist-builds.ts';

/** Everything a build depends on: a change in any of these (or in SITE_URL) makes dist/ stale. */
const INPUTS = ['content', 'src', 'public', 'astro.config.mjs', 'package-lock.json'];

function fingerprint(root: string, extra: string): string {
  const hash = createHash('sha256').update(extra);
  for (const input of INPUTS) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    const entries = statSync(full).isDirectory()
      ? (readdirSync(full, { recursive: true }) as string[]).sort().map((f) => join(full, f))
      : [full];
    for (const f of entries) {
      const st = statSync(f);
      if (st.isFile()) hash.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/**
 * Runs `astro build` when no build of `distDir` is as new as its inputs, into a new folder beside the builds it may be
 * serving, and publishes it whole (src/build-time/dist-builds.ts). `extra` adds inputs that are not files (SITE_URL, the
 * content dir, the blog's last change). Returns the build to serve: the published one when it is current, else a
 * kept one that is (another origin of this checkout, for another SITE_URL, published since), else the new one.
 */
export function buildIfStale(root: string, distDir: string, extra: string, log: (msg: string) => void = console.log): string {
  const want = fingerprint(root, `${extra}\0${distDir}`);
  const current = currentBuild(distDir, want);
  if (current) return current;
  log('building the site (content, code or settings changed)...');
  // The local origin serves br/gzip variants written at build; a CDN deploy compresses by itself and skips them.
  const outDir = newBuildDir(distDir);
  astroBuild({ outDir, env: { SKRIBRA_PRECOMPRESS: '1' } });
  writeFileSync(join(outDir, STAMP), want);
  publishBuild(distDir, outDir);
  return outDir;
}

const STAMP = join('_skribra', 'fingerprint');

/** `distDir` when its build has the fingerprint `want`, else the newest kept build that has it. */
function currentBuild(distDir: string, want: string): string | undefined {
  const builds = buildsDirOf(distDir);
  const kept = existsSync(builds)
    ? readdirSync(builds)
        .filter((name) => !name.startsWith('.'))
        .sort()
        .reverse()
    : [];
  return [distDir, ...kept.map((name) => join(builds, name))].find((dir) => {
    const stamp = join(dir, STAMP);
    return existsSync(stamp) && readFileSync(stamp, 'utf8') === want;
  });
}
