// One `npm start` per data directory and per port, decided before anything is built or touched: a second one says
// which instance runs (its pid and port) and what to do, and exits. The claim is a file in the data directory holding
// the owner's pid and port, created exclusively; a file left by a process that died is taken over.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { processAlive } from '../src/store/process-alive.ts';
import { describeListenError } from './listen-error.ts';

export interface Instance {
  release(): void;
}

/** Thrown when another instance or program is in the way; its message is the one line to print. */
export class InstanceError extends Error {}

export async function claimInstance({ dataDir, port, host }: { dataDir: string; port: number; host: string }): Promise<Instance> {
  const dir = resolve(dataDir);
  // A refused start leaves nothing behind, not even the data directory it would have made.
  const made = mkdirSync(dir, { recursive: true });
  const undo = () => made && rmSync(made, { recursive: true, force: true });
  const file = join(dir, 'npm-start.json');
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, port }));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const owner = readOwner(file);
      if (owner && processAlive(owner.pid))
        // (The folder held a claim: it was there before, so `undo` leaves it.)
        throw new InstanceError(
          `Skribra is already running from ${dataDir} (pid ${owner.pid}, port ${owner.port}): use it, or stop it first (Ctrl-C in its terminal, or kill ${owner.pid}); after a change, \`npm run build\` and the running server picks the new build up`,
        );
      rmSync(file, { force: true });
    }
  }
  const release = () => rmSync(file, { force: true });
  try {
    await probePort(port, host);
  } catch (err) {
    release();
    undo();
    throw new InstanceError(describeListenError(err, port, host) ?? (err as Error).message);
  }
  return { release };
}

function readOwner(file: string): { pid: number; port: number } | undefined {
  try {
    const { pid, port } = JSON.parse(readFileSync(file, 'utf8')) as { pid: unknown; port: unknown };
    return typeof pid === 'number' ? { pid, port: Number(port) } : undefined;
  } catch {
    return undefined;
  }
}

/** Listens on the port for a moment: fails as the real server would, before a build is spent on it. */
function probePort(port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(port, host, () => probe.close(() => ok()));
  });
}
