import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { openTestStore, articleInput, fixture, type TestStore } from './helpers.ts';
import { connect, openStore } from '../../src/store/open-store.ts';
import { readConfig } from '../../src/model/config.ts';
import { migrate, listMigrations } from '../../src/store/migrate.ts';
import { createAccount, rotateKey, revokeKeys } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { getArticle, publishArticle } from '../../src/store/repos/articles.ts';
import { seedDemo, DEMO_PROJECT_ON } from '../../dev/seed/seed.ts';
import { getBlogProjectId, BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

describe('migrations', () => {
  it('are recorded once and safe to run again and from two clients at once', async () => {
    const a = connect(t.url, 2, readConfig());
    const b = connect(t.url, 2, readConfig());
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ra, ...rb]).toEqual([]);
      const rows = await t.store.sql`select version, name from schema_migrations order by version`;
      expect(rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
    } finally {
      await a.end();
      await b.end();
    }
  });
});

// The suite's stores are databases on one shared server; this one is a whole embedded server of its own.
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded server', () => {
  it('is shared: a second open joins the running server instead of starting another', async () => {
    const own = await openTestStore({ embedded: true });
    try {
      expect(own.store.embedded).toBe(true);
      const second = await openStore({ config: readConfig(), dataDir: own.dataDir });
      try {
        expect((second.sql.options as any).port).toEqual((own.store.sql.options as any).port);
        const [{ n }] = await second.sql`select 1 as n`;
        expect(n).toBe(1);
      } finally {
        await second.close();
      }
      const [{ ok }] = await own.store.sql`select true as ok`;
      expect(ok).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe('keys', () => {
  it('are stored only as a SHA-256 digest', async () => {
    const { account_id, api_key } = await createAccount(t.store.sql, 'digest check');
    const rows = await t.store.sql`select * from api_keys where account_id = ${account_id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.digest).toBe(createHash('sha256').update(api_key).digest('hex'));
    const dump = JSON.stringify(await t.store.sql`select * from api_keys`);
    expect(dump).not.toContain(api_key);
    expect(dump).not.toContain(api_key.slice(8, 30));
  });

  it('rotate revokes the old key in the same step; revoke revokes all', async () => {
    const { account_id } = await createAccount(t.store.sql, 'rotation');
    const k2 = await rotateKey(t.store.sql, account_id);
    expect(k2).toMatch(/^sk_live_/);
    const active = await t.store.sql`select count(*)::int as n from api_keys where account_id = ${account_id} and revoked_at is null`;
    expect(active[0]!.n).toBe(1);
    expect(await revokeKeys(t.store.sql, account_id)).toBe(1);
    expect(await rotateKey(t.store.sql, 'acc_nope')).toBeUndefined();
  });
});

describe('articles', () => {
  it('publish creates, then edits by slug keeping published_at; slugs are unique per project only', async () => {
    const f = await fixture(t.store, 0);
    const first = await publishArticle(t.store.sql, f.on, articleInput('same-slug', 'One'));
    expect(first.created).toBe(true);
    const before = (await getArticle(t.store.sql, f.on, 'same-slug'))!;
    expect(before.last_edited).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    const second = await publishArticle(t.store.sql, f.on, articleInput('same-slug', 'One, edited'));
    expect(second).toMatchObject({ id: first.id, created: false });
    const after = (await getArticle(t.store.sql, f.on, 'same-slug'))!;
    expect(after.title).toBe('One, edited');
    expect(after.published_at.getTime()).toBe(before.published_at.getTime());
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(after.last_edited?.getTime()).toBe(after.updated_at.getTime());
    const other = await publishArticle(t.store.sql, f.off, articleInput('same-slug', 'Other project'));
    expect(other.id).not.toBe(first.id);
  });

  it('webhook secrets are whsec_ + base64 of 32 bytes', async () => {
    const f = await fixture(t.store, 0);
    const r = await configureEndpoint(t.store.sql, f.on, { url: 'https://hooks.example/in' }, readConfig());
    expect(r!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(r!.secret!.slice(6), 'base64')).toHaveLength(32);
  });
});

describe('seed', () => {
  it('seeds the demo and the house blog once, and returns the key only the first time', async () => {
    const [k1, k2] = await Promise.all([seedDemo(t.store, { config: readConfig() }), seedDemo(t.store, { config: readConfig() })]);
    const keys = [k1, k2].filter(Boolean);
    expect(keys).toHaveLength(1);
    expect(await seedDemo(t.store, { config: readConfig() })).toBeNull();
    expect(await getBlogProjectId(t.store.sql, undefined)).toBe(BLOG_PROJECT_ID);
    const [{ n }] = await t.store.sql`select count(*)::int as n from articles where project_id = ${DEMO_PROJECT_ON}`;
    expect(n).toBeGreaterThanOrEqual(12);
    const a = (await t.store.sql`select * from articles where project_id = ${BLOG_PROJECT_ID} limit 1`)[0]!;
    expect(a.content_html).toMatch(/<h2[^>]*>/);
    expect(a.content_html).toMatch(/<table>/);
    expect(a.content_html).toMatch(/<ul>/);
    expect(a.json_ld.length).toBeGreaterThan(0);
    expect(a.sources.length).toBeGreaterThan(0);
    expect(await getBlogProjectId(t.store.sql, 'prj_override')).toBe('prj_override');
    void createProject;
  });
});
