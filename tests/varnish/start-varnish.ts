// Debian's Varnish with the repository's VCL in front of an origin, for the *.varnish.ts tests: scripts/ci-varnish.sh
// (which installs it when absent) starts it, stop() ends it and removes its directory.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const script = resolve(import.meta.dirname, '../../scripts/ci-varnish.sh');

export interface Varnish {
  /** http://127.0.0.1:<port>; the purge URL is this plus /_purge. */
  url: string;
  /** Its directory (the VCL it runs, its work dir for varnishlog -n). */
  dir: string;
  stop(): void;
}

/** Starts Varnish in front of `origin` (http://host:port). */
export function startVarnish(origin: string): Varnish {
  const out = execFileSync(script, [origin], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = /^VARNISH_DIR=(.*)$/m.exec(out)![1]!;
  const url = /^VARNISH_URL=(.*)$/.exec(out.trim().split('\n').at(-1)!)![1]!;
  return { url, dir, stop: () => execFileSync(script, ['--stop', dir], { stdio: 'ignore' }) };
}
