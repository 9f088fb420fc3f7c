// `npm start` seeds a demo account (with a working key) only into its own embedded store, or on request: pointed at
// a database through DATABASE_URL it creates the house blog it needs and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from './helpers.ts';
import { DEMO_ACCOUNT_ID, seedDemo, seedsDemo } from '../../dev/seed/seed.ts';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import { readConfig } from '../../src/model/config.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

describe('demo seeding', () => {
  it('seeds the demo account only for the embedded store or on request', () => {
    expect(seedsDemo(true, false)).toBe(true);
    expect(seedsDemo(false, false)).toBe(false);
    expect(seedsDemo(false, true)).toBe(true);
  });

  it('without the demo, creates the house blog and no account with a key', async () => {
    // A shared database (DATABASE_URL in CI) may hold another test's demo account: start from none.
    await t.store.sql`delete from accounts where id = ${DEMO_ACCOUNT_ID}`;
    expect(await seedDemo(t.store, { config: readConfig(), demo: false })).toBeNull();
    expect(await t.store.sql`select id from projects where id = ${BLOG_PROJECT_ID}`).toHaveLength(1);
    expect(await t.store.sql`select id from accounts where id = ${DEMO_ACCOUNT_ID}`).toHaveLength(0);
    expect(await seedDemo(t.store, { config: readConfig() })).toMatch(/^sk_live_/);
    // Leave a shared database as found: other tests seed the demo themselves.
    await t.store.sql`delete from accounts where id = ${DEMO_ACCOUNT_ID}`;
  });
});
