// The local origin over the build `distDir` links to (src/build-time/dist-builds.ts): every answer comes from one build,
// its files, catalog and indexes alike, because the handler for a build reads only under that build's own folder.
// A newer build, published whole by repointing the link, is picked up within `recheckMs`: the next request after
// that resolves the link again and, when it moved, gets a handler over the new build. Requests under way finish on
// the build they started on. Only builds made for the site URL of the first are followed: another origin of this
// checkout, on another port, publishes its builds to the same link, and their canonical links name that origin.
import { realpathSync } from 'node:fs';
import { holdBuild, siteOfBuild } from '../src/build-time/dist-builds.ts';
import type { Handler } from './create-origin.ts';
import { RECHECK_MS } from './static-files.ts';

/** Serves `buildDir` (a build of `distDir`) and follows the builds published to `distDir` for the same site URL. */
export function followBuilds(
  distDir: string,
  buildDir: string,
  create: (buildDir: string) => Handler,
  { recheckMs = RECHECK_MS, log = console.log }: { recheckMs?: number; log?: (msg: string) => void } = {},
): Handler {
  let dir = realpathSync(buildDir);
  const site = siteOfBuild(dir);
  holdBuild(distDir, dir);
  let handler = create(dir);
  /** The last build the link pointed at: each is considered once. */
  let seen = resolved(distDir) ?? dir;
  let checked = Date.now();
  return (req) => {
    const now = Date.now();
    if (now - checked >= recheckMs) {
      checked = now;
      const next = resolved(distDir);
      if (next && next !== seen) {
        seen = next;
        const made = siteOfBuild(next);
        if (made !== site) log(`not serving the new build in ${next}: it was made for ${made ?? 'an unknown site URL'}, not ${site}`);
        else
          try {
            handler = create(next);
            dir = next;
            holdBuild(distDir, dir);
            log(`serving the new build in ${next}`);
          } catch (err) {
            log(`kept the build in ${dir}: the new one in ${next} cannot be served (${(err as Error).message})`);
          }
      }
    }
    return handler(req);
  };
}

/** The build the link points at now; undefined while it cannot be read (the old build goes on serving). */
function resolved(distDir: string): string | undefined {
  try {
    return realpathSync(distDir);
  } catch {
    return undefined;
  }
}
