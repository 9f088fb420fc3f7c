// Applies the numbered .sql files of ./migrations in order, each once, recorded in schema_migrations.
// A transaction-scoped advisory lock makes two processes migrating at once take turns; the second finds
// everything recorded and does nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 727_274_611; // arbitrary, constant: "skribra migrations"

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.split('_')[0]), name: f, sql: readFileSync(dir + f, 'utf8') }));
}

/** Returns the names of the migrations this call applied. */
export async function migrate(sql: Sql): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx.unsafe(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx<{ version: number }[]>`select version from schema_migrations`).map((r) => r.version));
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      await tx.unsafe(m.sql).simple();
      await tx`insert into schema_migrations (version, name) values (${m.version}, ${m.name})`;
      applied.push(m.name);
    }
  });
  return applied;
}
