// The store: a postgres.js client on DATABASE_URL when set, else on the embedded server of
// $SKRIBRA_DATA_DIR (default .data/), started or joined on demand. Migrations run on open.
import postgres, { type Sql } from 'postgres';
import { joinEmbedded, type EmbeddedServer } from './embedded.ts';
import { migrate } from './migrate.ts';

export interface Store {
  sql: Sql;
  /** True when this store runs on the embedded server (no DATABASE_URL). */
  embedded: boolean;
  /** Ends the pool and, for the embedded server, drops this process's lease (the last one out stops it). */
  close(opts?: { wait?: boolean }): Promise<void>;
}

export interface OpenStoreOptions {
  /** Defaults to process.env.DATABASE_URL; empty means the embedded server. */
  databaseUrl?: string;
  /** Defaults to $SKRIBRA_DATA_DIR or .data/. */
  dataDir?: string;
  /** Pool size; defaults to $SKRIBRA_DB_POOL or 10. */
  max?: number;
  migrate?: boolean;
}

export function connect(url: string, max = Number(process.env.SKRIBRA_DB_POOL) || 10): Sql {
  return postgres(url, {
    max,
    connect_timeout: Number(process.env.SKRIBRA_DB_CONNECT_TIMEOUT) || 5,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { TimeZone: 'UTC', application_name: 'skribra' },
  });
}

export async function openStore(opts: OpenStoreOptions = {}): Promise<Store> {
  const url = opts.databaseUrl ?? process.env.DATABASE_URL ?? '';
  let server: EmbeddedServer | undefined;
  if (!url) server = await joinEmbedded(opts.dataDir);
  const sql = connect(url || server!.url, opts.max);
  try {
    if (opts.migrate !== false) await migrate(sql);
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
