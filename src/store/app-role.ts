// The embedded store's application role: the service connects as `skribra_app`, which owns the schema and its
// objects (so migrations run as it) but is no superuser: a statement that went wrong cannot read or write the
// server's files, run programs (`COPY ... PROGRAM`), create roles or touch other databases. The cluster's `postgres`
// superuser is used only here, to create the role and hand it what the store's own objects need. Idempotent; a data
// dir made before this existed is converted on its first open.
import type { Sql } from 'postgres';

export const APP_ROLE = 'skribra_app';

/** Creates or updates the role with `password`, and makes it the owner of the public schema and everything in it. */
export async function ensureAppRole(superuser: Sql, password: string): Promise<void> {
  await superuser.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727274612)`;
    const [role] = await tx`select 1 from pg_roles where rolname = ${APP_ROLE}`;
    const pw = tx.unsafe(`'${password.replace(/'/g, "''")}'`);
    if (!role) await tx`create role ${tx(APP_ROLE)} login nosuperuser nocreatedb nocreaterole noreplication password ${pw}`;
    else await tx`alter role ${tx(APP_ROLE)} login nosuperuser nocreatedb nocreaterole noreplication password ${pw}`;
    await tx`alter schema public owner to ${tx(APP_ROLE)}`;
    // Tables (with their sequences), functions and collations made by earlier migrations as the superuser.
    const owned = await tx<{ kind: string; name: string }[]>`
      select 'table' as kind, format('%I', c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and pg_get_userbyid(c.relowner) <> ${APP_ROLE}
      union all
      select 'sequence', format('%I', c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' and pg_get_userbyid(c.relowner) <> ${APP_ROLE}
          and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
      union all
      select 'function', p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and pg_get_userbyid(p.proowner) <> ${APP_ROLE}
      union all
      select 'collation', format('%I', c.collname) from pg_collation c join pg_namespace n on n.oid = c.collnamespace
        where n.nspname = 'public' and pg_get_userbyid(c.collowner) <> ${APP_ROLE}`;
    for (const o of owned) await tx.unsafe(`alter ${o.kind} ${o.name} owner to ${APP_ROLE}`);
  });
}
