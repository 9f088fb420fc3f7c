// The store: a postgres.js client on DATABASE_URL when set, else on the embedded server of
// $SKRIBRA_DATA_DIR (default .data/), started or joined on demand. Migrations run on open. The settings come from
// the config the entry point read.
import postgres, { type Sql } from 'postgres';
import { joinEmbedded, type EmbeddedServer } from './embedded.ts';
import { migrate } from './migrate.ts';
import { ensureAppRole } from './app-role.ts';
import { poolerUrl } from './pooler-url.ts';
import { promotePool, renewablePool } from './renewable-pool.ts';
import { proveServer } from './prove-server.ts';
import type { Config } from '../model/config.ts';

export interface Store {
  sql: Sql;
  /** True when this store runs on the embedded server (no DATABASE_URL). */
  embedded: boolean;
  /** Ends the pool and, for the embedded server, drops this process's lease (the last one out stops it). */
  close(opts?: { wait?: boolean }): Promise<void>;
}

export interface OpenStoreOptions {
  /** The config the entry point read (every default below). */
  config: Config;
  /** Defaults to DATABASE_URL; empty means the embedded server. */
  databaseUrl?: string;
  /** Defaults to $SKRIBRA_DATA_DIR or .data/. */
  dataDir?: string;
  /** Pool size; defaults to $SKRIBRA_DB_POOL or 10. */
  max?: number;
  migrate?: boolean;
  /** How long to wait for a store that refuses connections or is starting up (restarting after a crash, a
   * keeper still recovering); defaults to $SKRIBRA_STORE_WAIT_S or 30 s. Past it, openStore rejects with a
   * message naming the wait and the cause. */
  waitMs?: number;
}

// Refused, reset or closed connections and "the database system is starting up / in recovery / shutting down"
// (57P03, 57P01): what a restarting server answers. Anything else (bad password, unknown host) fails at once.
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  '57P03',
  '57P01',
  '57P02',
]);
const transient = (err: unknown) => TRANSIENT.has(String((err as { code?: unknown })?.code ?? ''));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn` until it succeeds, retrying transient connection failures until `waitMs` from `since` has passed. */
async function whenReachable<T>(fn: () => Promise<T>, waitMs: number, where: string, since = Date.now()): Promise<T> {
  const end = since + waitMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await fn();
    } catch (err) {
      if (!transient(err)) throw err;
      if (Date.now() >= end) {
        throw new Error(
          `the store did not accept connections within ${Math.round(waitMs / 1000)} s (${(err as Error).message}); ${where}`,
          { cause: err },
        );
      }
      await sleep(Math.min(delay, end - Date.now()));
    }
  }
}

/**
 * A pool on `url` of `max` connections (SKRIBRA_DB_POOL or 10 when left out), with the config's connect timeout.
 * It starts in the pooler-safe mode and leaves it only for a connection proven to reach a PostgreSQL server itself
 * (prove-server.ts; modeDecided says when that is settled), whatever SKRIBRA_DB_POOLER=0 or the URL claims: a wrong
 * guess costs speed, never correctness. A transaction-mode pooler may run each transaction on any server connection,
 * so there: no named prepared statements (each statement is parsed, bound and run in one exchange ending in one
 * Sync), and no pipelining (a connection sends its next statement once the last one's ReadyForQuery came back;
 * through PgBouncer a statement pipelined behind another was answered with another statement's rows, or its replies
 * were lost); a transaction runs on a reserved connection (renewable-pool.ts). A URL or SKRIBRA_DB_POOLER=1 that
 * names a pooler skips the proof. Nothing of the store relies on a session: locks and settings are
 * transaction-scoped. The pool can be renewed whole when a connection in it is broken (renewable-pool.ts).
 */
export function connect(
  url: string,
  max: number | undefined,
  config: Pick<Config, 'SKRIBRA_DB_POOL' | 'SKRIBRA_DB_CONNECT_TIMEOUT'> &
    Partial<Pick<Config, 'SKRIBRA_DB_POOLER' | 'SKRIBRA_STORE_WAIT_S'>>,
): Sql {
  const target = poolerUrl(url);
  const claim = config.SKRIBRA_DB_POOLER ?? (target.pooled ? true : undefined);
  const sql = renewablePool((fast) =>
    postgres(target.url, {
      max: max ?? config.SKRIBRA_DB_POOL ?? 10,
      connect_timeout: config.SKRIBRA_DB_CONNECT_TIMEOUT,
      idle_timeout: 60,
      prepare: fast,
      ...({ max_pipeline: fast ? 100 : 0 } as object), // an option postgres.js's typings leave out
      // postgres.js waits before reopening a connection that closed with an error, by default 3^n/100 s (to 20 s)
      // with n counted over the whole pool, so the dozens of refused connections of a 1 s restart made queries
      // wait up to 20 s on connections still backing off after the server was back. Bounded to 1 s here.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2),
      onnotice: () => {},
      connection: { TimeZone: 'UTC', application_name: 'skribra' },
    }),
  );
  if (claim !== true) decisions.set(sql, decideMode(sql, target.url, claim === false, config));
  return sql;
}

const decisions = new WeakMap<Sql, Promise<void>>();

/** Settles when `sql` (from connect) knows whether it talks to a server itself: what openStore waits for. */
export const modeDecided = (sql: Sql): Promise<void> => decisions.get(sql) ?? Promise.resolve();

/**
 * Proves the server (retrying a store that is not up yet, within the store wait) and promotes the pool, or says in
 * one line why it stays pooler-safe.
 */
async function decideMode(
  sql: Sql,
  url: string,
  claimedServer: boolean,
  config: Pick<Config, 'SKRIBRA_DB_CONNECT_TIMEOUT'> & Partial<Pick<Config, 'SKRIBRA_STORE_WAIT_S'>>,
): Promise<void> {
  const end = Date.now() + (config.SKRIBRA_STORE_WAIT_S ?? 30) * 1000;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      const proof = await proveServer(url, config.SKRIBRA_DB_CONNECT_TIMEOUT);
      if (proof.direct) return promotePool(sql);
      const why = `${proof.detail}, so something stands between (a pooler or a proxy)`;
      console.error(
        claimedServer
          ? `store: SKRIBRA_DB_POOLER=0 overridden: ${why}; statements run one at a time, unprepared (docs/operations.md)`
          : `store: ${why}; statements run one at a time, unprepared, as through a pooler (docs/operations.md)`,
      );
      return;
    } catch (err) {
      if (!transient(err) || Date.now() >= end) return; // the pool's own statements report the cause
      await new Promise((r) => setTimeout(r, delay).unref());
    }
  }
}

export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const { config } = opts;
  const url = opts.databaseUrl ?? config.DATABASE_URL ?? '';
  let server: EmbeddedServer | undefined;
  if (!url) server = await joinEmbedded(opts.dataDir ?? config.SKRIBRA_DATA_DIR);
  const where = server ? `the embedded PostgreSQL may be restarting: see ${server.log}` : 'check DATABASE_URL and the server';
  const waitMs = opts.waitMs ?? config.SKRIBRA_STORE_WAIT_S * 1000;
  // The embedded store's service connects as its application role, never as the superuser (app-role.ts).
  if (server) {
    const superuser = connect(server.url, 1, config);
    try {
      await modeDecided(superuser);
      await whenReachable(() => ensureAppRole(superuser, server!.password), waitMs, where);
    } catch (err) {
      await server.release();
      throw err;
    } finally {
      await superuser.end({ timeout: 1 });
    }
  }
  const sql = connect(url || server!.appUrl, opts.max, config);
  try {
    // Settled before the first statement (a pool is not promoted under a migration), within the same wait.
    const since = Date.now();
    await Promise.race([modeDecided(sql), new Promise((r) => setTimeout(r, waitMs).unref())]);
    if (opts.migrate !== false) await whenReachable(() => migrate(sql), waitMs, where, since);
  } catch (err) {
    await sql.end({ timeout: 1 });
    await server?.release();
    throw err;
  }
  let closed = false;
  return {
    sql,
    embedded: Boolean(server),
    async close({ wait = false } = {}) {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
      await server?.release({ wait });
    },
  };
}
