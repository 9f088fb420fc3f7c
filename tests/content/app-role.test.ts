// The embedded store's service runs as a role of its own, not the superuser: a statement that went wrong cannot run
// programs, read server files or create roles. (With DATABASE_URL the role is whoever the URL names.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from './helpers.ts';
import { APP_ROLE } from '../../src/store/app-role.ts';

let t: TestStore;
// A whole embedded server, opened as `npm start` opens it (the suite's other stores are databases on a shared one).
beforeAll(async () => {
  t = await openTestStore({ embedded: !process.env.DATABASE_URL });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the application role', () => {
  it("is the connection's role, owns the store's objects, and has no superuser powers", async () => {
    const [me] = await t.store
      .sql`select current_user as name, rolsuper, rolcreaterole, rolcreatedb from pg_roles where rolname = current_user`;
    expect(me).toEqual({ name: APP_ROLE, rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    const foreign = await t.store.sql`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and pg_get_userbyid(c.relowner) <> current_user`;
    expect(foreign).toEqual([]);
    for (const attempt of [
      t.store.sql`copy (select 1) to program 'true'`,
      t.store.sql`select pg_read_file('postgresql.conf')`,
      t.store.sql`create role intruder superuser`,
    ])
      await expect(attempt).rejects.toThrow(/permission denied|must be superuser|privileges|not allowed/i);
  });
});
