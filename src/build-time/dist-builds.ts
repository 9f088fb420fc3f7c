// A served build never changes under its server. Locally, `dist/` (or SKRIBRA_DIST_DIR) is a link to one build in
// `<dist>.builds/`: a new build is written beside the others and published by repointing the link in one rename, so a
// reader of the link sees the old build or the new one whole, never a mix. A server resolves the link once per build
// (origin/follow-builds.ts) and reads only under the resolved folder. Where `dist/` is a plain folder (a Netlify
// build, a test's own --outDir) nothing serves it while it builds, and the build writes in place as Astro does.
// Two origins of one checkout for two site URLs (two ports) publish to the same link: each serves only builds made
// for its own URL (follow-builds.ts) and holds the one it serves, which pruning keeps while that origin runs.
import { basename, dirname, join, relative } from 'node:path';
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { CORE_FILE } from '../request/api/public/load-artifacts.ts';
import { processAlive } from '../store/process-alive.ts';

/** Builds kept beside the published one: a server still on an older build has a second to move on (follow-builds). */
const KEEP = 3;
/** In `<dist>.builds/`: `.held-<pid>` names the build that process serves. */
const HELD = /^\.held-(\d+)$/;

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

/** The site URL `buildDir` was made for (its catalog's `site_url`); undefined while that cannot be read. */
export function siteOfBuild(buildDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(buildDir, CORE_FILE), 'utf8')) as { site_url?: string }).site_url;
  } catch {
    return undefined;
  }
}

/**
 * Marks `buildDir` as the build this process serves: pruning keeps it, whatever is published meanwhile, until this
 * process is gone. A no-op where `distDir` is not a published link.
 */
export function holdBuild(distDir: string, buildDir: string): void {
  if (!isPublishedLink(distDir)) return;
  const file = join(buildsDirOf(distDir), `.held-${process.pid}`);
  writeFileSync(`${file}~`, basename(buildDir));
  renameSync(`${file}~`, file); // read whole or not at all by another process's prune
}

function prune(distDir: string): void {
  const builds = buildsDirOf(distDir);
  const keep = new Set([realpathSync(distDir), ...heldBuilds(builds)]);
  const names = readdirSync(builds)
    .filter((name) => !name.startsWith('.'))
    .sort();
  for (const name of names.slice(0, Math.max(0, names.length - KEEP))) {
    const dir = join(builds, name);
    if (!keep.has(realpathSync(dir))) rmSync(dir, { recursive: true, force: true });
  }
}

/** The builds running processes hold; the holds of processes that are gone are removed. */
function heldBuilds(builds: string): string[] {
  const held: string[] = [];
  for (const name of readdirSync(builds)) {
    const pid = HELD.exec(name)?.[1];
    if (!pid) continue;
    const file = join(builds, name);
    try {
      if (processAlive(Number(pid))) held.push(realpathSync(join(builds, readFileSync(file, 'utf8'))));
      else rmSync(file, { force: true });
    } catch {
      // its build is gone already
    }
  }
  return held;
}
