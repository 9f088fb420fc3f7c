// The suite's PostgreSQL, set up once per run, when a test file first opens a store: a migrated template database
// that each test file copies into a database of its own (tests/helpers/test-store.ts), so files run in parallel on
// one server and none pays for an initdb, a server start and the migrations.
//   - No DATABASE_URL: one embedded server in a temp data dir, opened the way `npm start` opens it (the keeper, the
//     application role, the migrations on its `postgres` database), which is then copied as the template. Test
//     databases are owned by, and used as, the application role.
//   - DATABASE_URL (CI's second PostgreSQL): the template is a database made and migrated there; its user needs
//     CREATEDB. Every database this run made is dropped at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../src/model/config.ts';
import { joinEmbedded } from '../../src/store/embedded.ts';
import { connect, openStore } from '../../src/store/open-store.ts';
import { APP_ROLE } from '../../src/store/app-role.ts';
import { onDemand } from './on-demand.ts';

export interface SharedStore {
  /** A superuser (or CREATEDB) URL on the server, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** The URL test stores connect with; its database name is replaced by the test file's. */
  url: string;
  template: string;
  /** Prefix of every database this run creates. */
  prefix: string;
  /** Owner of the test databases (the application role on the embedded server). */
  owner?: string;
}

export const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** Starts the run's server (or, with DATABASE_URL, makes the template there) and says how to end it. */
async function startShared(): Promise<{ shared: SharedStore; teardown: () => Promise<void> }> {
  const config = readConfig();
  const prefix = `skribra_t${process.pid}`;
  const template = `${prefix}_template`;
  if (config.DATABASE_URL) {
    const adminUrl = config.DATABASE_URL;
    const admin = connect(adminUrl, 1, config);
    await admin.unsafe(`create database "${template}"`);
    const tpl = await openStore({ config, databaseUrl: withDatabase(adminUrl, template) });
    await tpl.close();
    return {
      shared: { adminUrl, url: adminUrl, template, prefix },
      teardown: async () => {
        const left = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${prefix}\\_%`}`;
        for (const { datname } of left) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
        await admin.end({ timeout: 5 });
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'skribra-test-store-'));
  const server = await joinEmbedded(dataDir); // this process's lease keeps the server up for the run
  const first = await openStore({ config, dataDir });
  await first.close();
  const admin = connect(server.url, 1, config);
  await admin.unsafe(`create database "${template}" template postgres owner ${APP_ROLE}`);
  await admin.end({ timeout: 5 });
  return {
    shared: { adminUrl: server.url, url: server.appUrl, template, prefix, owner: APP_ROLE },
    teardown: async () => {
      await server.release({ wait: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server starts when a test file first opens a store (test-store.ts), so a run of files that need none has none. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'skribra-test-store-status-'));
  const statusFile = join(dir, 'status.json');
  let teardown: (() => Promise<void>) | undefined;
  const { stop } = onDemand(statusFile, async () => {
    const started = await startShared();
    teardown = started.teardown;
    return { code: 0, value: started.shared };
  });
  project.provide('storeStatus', statusFile);
  return async () => {
    await stop();
    await teardown?.();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The status file of the run's shared store (onDemand), which holds the SharedStore once it is up. */
    storeStatus: string;
  }
}
