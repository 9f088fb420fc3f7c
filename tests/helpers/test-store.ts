// A real store for a test file. By default a database of the file's own on the run's server (global-store.ts),
// copied from the migrated template in a fraction of a second; `{ embedded: true }` gives a whole embedded server in
// a temp SKRIBRA_DATA_DIR instead, for the tests of the embedded server itself (joining, the application role).
// Without the global setup (a config that does not run it) every store is a whole server, or DATABASE_URL as given.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect, openStore, type Store } from '../../src/store/open-store.ts';
import { type SharedStore, withDatabase } from './global-store.ts';
import { awaitOnDemand } from './on-demand.ts';

export interface TestStore {
  store: Store;
  /** The store's URL: what a second client connects with. */
  url: string;
  /** What a child process (the CLI, a build, a worker) needs in its environment to use this same store. */
  env: Record<string, string>;
  /** The data dir of a whole embedded server of this test's own ({ embedded: true }). */
  dataDir?: string;
  /** Another store on the same database, as a second process would open it (its own pool; close it). */
  open(opts?: { max?: number }): Promise<Store>;
  close(): Promise<void>;
}

let made = 0;

export async function openTestStore(opts: { embedded?: boolean } = {}): Promise<TestStore> {
  const config = readConfig();
  const status = inject('storeStatus');
  const shared = status ? await awaitOnDemand<SharedStore>(status, "the test run's PostgreSQL") : undefined;
  if (opts.embedded || !shared) {
    const dataDir = opts.embedded || !config.DATABASE_URL ? mkdtempSync(join(tmpdir(), 'skribra-test-')) : undefined;
    const store = await openStore({ config, dataDir });
    const o = store.sql.options as unknown as { user: string; pass: string; host: string[]; port: number[]; database: string };
    return {
      store,
      dataDir,
      url: dataDir ? `postgres://${o.user}:${encodeURIComponent(o.pass)}@${o.host[0]}:${o.port[0]}/${o.database}` : config.DATABASE_URL!,
      env: dataDir ? { SKRIBRA_DATA_DIR: dataDir, DATABASE_URL: '', NETLIFY_DB_URL: '' } : { DATABASE_URL: config.DATABASE_URL! },
      open: ({ max } = {}) => openStore({ config, dataDir, max }),
      async close() {
        await store.close({ wait: true });
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `${shared.prefix}_${process.pid}_${++made}`;
  const admin = connect(shared.adminUrl, 1, config);
  try {
    await admin.unsafe(`create database "${name}" template "${shared.template}"${shared.owner ? ` owner "${shared.owner}"` : ''}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabase(shared.url, name);
  const store = await openStore({ config, databaseUrl: url });
  return {
    store,
    url,
    env: { DATABASE_URL: url, NETLIFY_DB_URL: '', SKRIBRA_DATA_DIR: '' },
    open: ({ max } = {}) => openStore({ config, databaseUrl: url, max }),
    async close() {
      await store.close();
      const drop = connect(shared.adminUrl, 1, config);
      try {
        await drop.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await drop.end({ timeout: 5 });
      }
    },
  };
}
