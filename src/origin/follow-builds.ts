// The local origin over the build `distDir` links to (src/integration/dist-builds.ts): every answer comes from one build,
// its files, catalog and indexes alike, because the handler for a build reads only under that build's own folder.
// A newer build, published whole by repointing the link, is picked up within `recheckMs`: the next request after
// that resolves the link again and, when it moved, gets a handler over the new build. Requests under way finish on
// the build they started on.
import { realpathSync } from 'node:fs';
import type { Handler } from './create-origin.ts';
import { RECHECK_MS } from './static-files.ts';

export function followBuilds(
  distDir: string,
  create: (buildDir: string) => Handler,
  { recheckMs = RECHECK_MS, log = console.log }: { recheckMs?: number; log?: (msg: string) => void } = {},
): Handler {
  let dir = realpathSync(distDir);
  let handler = create(dir);
  let checked = Date.now();
  return (req) => {
    const now = Date.now();
    if (now - checked >= recheckMs) {
      checked = now;
      const next = resolved(distDir);
      if (next && next !== dir) {
        try {
          handler = create(next);
          log(`serving the new build in ${next}`);
        } catch (err) {
          log(`kept the build in ${dir}: the new one in ${next} cannot be served (${(err as Error).message})`);
        }
        dir = next;
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
