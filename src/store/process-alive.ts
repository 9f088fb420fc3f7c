import { existsSync, readFileSync } from 'node:fs';

const hasProc = existsSync('/proc/self/stat');

/**
 * True when a process with this pid exists and has not exited (EPERM means it exists but is not ours). A zombie
 * (exited, not yet reaped, which happens to orphans when pid 1 of a container does not reap) counts as gone.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !hasProc; // vanished since kill(0); without /proc (macOS) kill(0) is all we know
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
