// The pooler run's store (tests/pooler.config.ts): an independent PostgreSQL (scripts/ci-postgres.sh) behind Debian's
// PgBouncer in transaction mode (scripts/ci-pgbouncer.sh), both started here, once per run, and stopped at its end.
// The template database is migrated through the pooler; the test files' databases are made and dropped on the server
// directly (CREATE DATABASE ... TEMPLATE wants no other connection to the template, and a pooler keeps its server
// connections), and every test store connects through the pooler. DATABASE_URL is set to the pooled URL for the
// workers, as CI's second-PostgreSQL run sets it to the server's. The pooler-only files (*.pooler.ts) are given the
// server's URL and log and start poolers of their own when they kill one (pooler-env.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../src/model/config.ts';
import { connect, openStore } from '../../src/store/open-store.ts';
import { type SharedStore, withDatabase } from '../helpers/global-store.ts';
import type { PoolerEnv } from './pooler-env.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const lastValue = (out: string, key: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith(`${key}=`))
    .at(-1)!
    .slice(key.length + 1);

export default async function setup(project: TestProject) {
  const pg = execFileSync(join(ROOT, 'scripts/ci-postgres.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const serverUrl = lastValue(pg, 'DATABASE_URL');
  const pgdata = lastValue(pg, 'PGDATA');
  const bin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], { encoding: 'utf8' }).trim();
  const stopServer = () =>
    execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', pgdata, '-m', 'fast', 'stop'], { stdio: 'ignore' });
  let pooler: string;
  try {
    pooler = execFileSync(join(ROOT, 'scripts/ci-pgbouncer.sh'), [serverUrl], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    stopServer();
    throw err;
  }
  const poolerDir = lastValue(pooler, 'PGBOUNCER_DIR');
  const pooledUrl = lastValue(pooler, 'DATABASE_URL');
  const config = readConfig({ ...process.env, DATABASE_URL: pooledUrl });
  const prefix = `skribra_p${process.pid}`;
  const template = `${prefix}_template`;
  const admin = connect(serverUrl, 1, config);
  await admin.unsafe(`create database "${template}"`);
  const tpl = await openStore({ config, databaseUrl: withDatabase(pooledUrl, template) });
  await tpl.close();
  // The pooler's server connections to the template, idle now, would make every copy of it fail.
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${template} and pid <> pg_backend_pid()`;

  const shared: SharedStore = { adminUrl: serverUrl, url: pooledUrl, template, prefix };
  const dir = mkdtempSync(join(tmpdir(), 'skribra-pooler-status-'));
  const statusFile = join(dir, 'status.json');
  writeFileSync(statusFile, JSON.stringify({ code: 0, value: shared }));
  project.provide('storeStatus', statusFile);
  const env: PoolerEnv = { serverUrl, serverLog: join(pgdata, '..', 'server.log'), pooledUrl, poolerDir };
  project.provide('poolerEnv', env);
  process.env.DATABASE_URL = pooledUrl;

  return async () => {
    try {
      await admin.end({ timeout: 5 });
      execFileSync('sh', ['-c', `kill "$(cat '${poolerDir}/pgbouncer.pid')"`], { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
    stopServer();
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(pgdata, '..'), { recursive: true, force: true });
    rmSync(poolerDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    poolerEnv: PoolerEnv;
  }
}
