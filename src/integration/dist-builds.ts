// A served build never changes under its server. Locally, `dist/` (or SKRIBRA_DIST_DIR) is a link to one build in
// `<dist>.builds/`: a new build is written beside the others and published by repointing the link in one rename, so a
// reader of the link sees the old build or the new one whole, never a mix. A server resolves the link once per build
// (src/origin/follow-builds.ts) and reads only under the resolved folder. Where `dist/` is a plain folder (a Netlify
// build, a test's own --outDir) nothing serves it while it builds, and the build writes in place as Astro does.
import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Builds kept beside the published one: a server still on an older build has a second to move on (follow-builds). */
const KEEP = 3;

/** The folder that holds the builds of `distDir`. */
export const buildsDirOf = (distDir: string) => `${distDir}.builds`;

/** Whether `distDir` is a link to a published build (a local origin has served it). */
export function isPublishedLink(distDir: string): boolean {
  try {
    return lstatSync(distDir).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A new, empty folder for the next build of `distDir`; its name sorts after every earlier build's. */
export function newBuildDir(distDir: string): string {
  const dir = join(buildsDirOf(distDir), `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Points `distDir` at the finished build in `buildDir` in one rename, and prunes all but the newest builds. A plain
 * `distDir` folder left by an older checkout joins the builds first (nothing serves it: this runs before a server
 * listens, or under the link layout already).
 */
export function publishBuild(distDir: string, buildDir: string): void {
  const link = `${distDir}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(distDir), buildDir), link);
  try {
    if (lstatSync(distDir).isDirectory()) renameSync(distDir, join(buildsDirOf(distDir), `0-plain-${Date.now()}`));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  renameSync(link, distDir);
  prune(distDir);
}

function prune(distDir: string): void {
  const builds = buildsDirOf(distDir);
  const current = realpathSync(distDir);
  const names = readdirSync(builds).sort();
  for (const name of names.slice(0, Math.max(0, names.length - KEEP))) {
    const dir = join(builds, name);
    if (realpathSync(dir) !== current) rmSync(dir, { recursive: true, force: true });
  }
}
