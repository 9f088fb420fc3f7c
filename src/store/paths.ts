// Where the embedded server keeps its files. Everything lives under one data dir so any fresh
// SKRIBRA_DATA_DIR (for example one under the system temp dir) works end to end.
import { resolve, join } from 'node:path';

export interface DataPaths {
  root: string;
  /** PostgreSQL cluster (initdb output). */
  pgdata: string;
  /** Written by the keeper once the server accepts connections; removed before it stops. */
  serverFile: string;
  /** One file per process using the server; the keeper stops the server when none is alive. */
  leases: string;
  /** Serialises start, join and stop decisions between processes. */
  lock: string;
  /** Random password chosen at initdb time (0600). */
  password: string;
  log: string;
}

/** The files under `dir`, the store's data dir (SKRIBRA_DATA_DIR, as the entry point read it). */
export function dataPaths(dir: string): DataPaths {
  const root = resolve(dir);
  return {
    root,
    pgdata: join(root, 'pg'),
    serverFile: join(root, 'server.json'),
    leases: join(root, 'leases'),
    lock: join(root, 'store.lock'),
    password: join(root, 'pg-password'),
    log: join(root, 'store.log'),
  };
}
