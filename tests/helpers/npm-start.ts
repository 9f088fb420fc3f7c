// `npm start` as a test runs it: its own process group, its output kept, serving once it says so; and a poll that
// waits for a change to show. For the suites that test the whole service end to end (tests/blog/live-publish.fault.ts,
// tests/varnish/).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../src/store/free-port.ts';
import { sleep } from '../../src/store/process-alive.ts';

const root = resolve(import.meta.dirname, '../..');

export interface Service {
  child: ChildProcess;
  /** http://localhost:<port> */
  base: string;
  port: number;
  /** Everything it printed so far. */
  out(): string;
  /** Ctrl-C to its group, and waits for it to end (20 s at most). */
  stop(): Promise<void>;
}

/** Starts `npm start` with `env` over this process's, on `port` (a free one by default); resolves once it serves. */
export async function npmStart(env: Record<string, string | undefined>, port?: number): Promise<Service> {
  const p = port ?? (await freePort());
  let out = '';
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(p), ...env },
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      /* gone */
    }
    const t0 = Date.now();
    while (child.exitCode === null && child.signalCode === null && Date.now() - t0 < 20_000) await sleep(50);
  };
  const t0 = Date.now();
  while (!/Skribra is serving/.test(out)) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${out}`);
    if (Date.now() - t0 > 600_000) {
      await stop();
      throw new Error(`npm start not serving after 600 s:\n${out}`);
    }
    await sleep(100);
  }
  return { child, base: `http://localhost:${p}`, port: p, out: () => out, stop };
}

/** Polls `check` until it passes and returns how long that took; fails with its last failure past `ms`. */
export async function within(ms: number, check: () => Promise<void>): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - t0;
    } catch (err) {
      if (Date.now() - t0 > ms) throw err;
    }
    await sleep(50);
  }
}
