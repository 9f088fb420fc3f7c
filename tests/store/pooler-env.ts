// What the pooler run's global setup (global-pooler.ts) gives its test files, and what those files share: a pooler of
// a file's own in front of the run's server, and a database of a file's own on it.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect } from '../../src/store/open-store.ts';
import { withDatabase } from '../helpers/global-store.ts';

export interface PoolerEnv {
  /** The server itself (superuser): for CREATE DATABASE and pg_stat_activity. */
  serverUrl: string;
  /** The server's log file. */
  serverLog: string;
  /** The run's shared pooler (pgbouncer=true). */
  pooledUrl: string;
  poolerDir: string;
}

const ROOT = join(import.meta.dirname, '..', '..');
export const poolerEnv = (): PoolerEnv => inject('poolerEnv');

export interface Pooler {
  /** The pooled URL of `database`. */
  url(database: string): string;
  port: number;
  dir: string;
  pid(): number;
  kill(signal?: NodeJS.Signals): void;
  /** Starts it again, on the same port, with the same settings. */
  restart(): void;
  /** Ends it at once and removes its folder. */
  stop(): void;
}

const base = Number(process.env.PGBOUNCER_PORT) || 0;
let started = 0;

/** A PgBouncer of this file's own (transaction mode, `pool` server connections per database), on the run's server. */
export function startPooler(pool: number): Pooler {
  const out = execFileSync(join(ROOT, 'scripts/ci-pgbouncer.sh'), [poolerEnv().serverUrl], {
    encoding: 'utf8',
    // PGBOUNCER_PORT (a port range of one's own on a shared machine) puts this one above the run's.
    env: { ...process.env, PGBOUNCER_POOL: String(pool), PGBOUNCER_PORT: base ? String(base + 1 + (process.pid % 40) + started++) : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const value = (k: string) =>
    out
      .split('\n')
      .filter((l) => l.startsWith(`${k}=`))
      .at(-1)!
      .slice(k.length + 1);
  const dir = value('PGBOUNCER_DIR');
  const pooled = value('DATABASE_URL');
  const pid = () => Number(readFileSync(join(dir, 'pgbouncer.pid'), 'utf8'));
  const p: Pooler = {
    url: (database) => withDatabase(pooled, database),
    port: Number(new URL(pooled).port),
    dir,
    pid,
    kill: (signal = 'SIGKILL') => process.kill(pid(), signal),
    restart: () => {
      execFileSync(join(ROOT, 'scripts/ci-pgbouncer.sh'), ['--restart', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    },
    stop: () => {
      try {
        process.kill(pid(), 'SIGTERM');
      } catch {
        /* gone */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return p;
}

/** A database of this file's own, a copy of the run's migrated template; returns its name and how to drop it. */
export async function ownDatabase(name: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const config = readConfig();
  const admin = connect(poolerEnv().serverUrl, 1, config);
  const template = (await admin<{ datname: string }[]>`select datname from pg_database where datname like ${'skribra\\_p%\\_template'}`)[0]!
    .datname;
  const db = `${template.replace(/_template$/, '')}_${name}`;
  await admin.unsafe(`create database "${db}" template "${template}"`);
  await admin.end({ timeout: 5 });
  return {
    name: db,
    drop: async () => {
      const a = connect(poolerEnv().serverUrl, 1, config);
      await a.unsafe(`drop database if exists "${db}" with (force)`);
      await a.end({ timeout: 5 });
    },
  };
}

/** Runs a load script of scripts/ with `env` and resolves with the JSON of its last line of output. */
export function runLoadScript<T>(script: string, env: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`${script} exited ${code}:\n${out}\n${err}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}
