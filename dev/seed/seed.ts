// Demo data for a first start: a demo account (two projects, API on and off, a dozen articles) and the house
// account whose "Skribra blog" project holds the company blog. Idempotent and safe from two processes at once.
import type { Sql } from 'postgres';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import type { Store } from '../../src/store/open-store.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { blogTopics, demoTopics, toArticle, type Topic } from './seed-content.ts';
import { withDemoImages } from './seed-images.ts';
import type { Config } from '../../src/model/config.ts';

export const DEMO_ACCOUNT_ID = 'acc_demo';
export const DEMO_PROJECT_ON = 'prj_demo_blog';
export const DEMO_PROJECT_OFF = 'prj_demo_wholesale';
export const HOUSE_ACCOUNT_ID = 'acc_skribra_house';
const SEED_LOCK = 727_274_612;
const DAY = 86_400_000;

/** `images`: the origin serving the demo pictures (public/demo/northwind/), for the demo account's articles. */
async function seedArticles(sql: Sql, projectId: string, topics: Topic[], site: string, publisher: string, images?: string) {
  const now = Date.now();
  for (const [i, t] of topics.entries()) {
    const published = new Date(now - (i * 9 + 3) * DAY);
    const updated = i % 3 === 0 ? new Date(published.getTime() + 2 * DAY) : published;
    const article = toArticle(t, site, publisher, topics.slice(i + 1).concat(topics.slice(0, i)));
    await publishArticle(sql, projectId, images ? await withDemoImages(article, i, images) : article, {
      published,
      updated,
    });
  }
}

/**
 * Whether `npm start` seeds the demo account: into its own embedded store, yes; into a database it was pointed at
 * (DATABASE_URL, maybe production's), only on request (SKRIBRA_SEED_DEMO=1), since the account has a working key.
 */
export const seedsDemo = (embedded: boolean, requested: boolean): boolean => embedded || requested;

/**
 * Seeds on a first start. Returns the demo account's API key (print it once) when it created the demo
 * account, else null. The house blog project is created whenever it is missing; the demo account only with `demo`.
 * `config` is the entry point's (SKRIBRA_SITE_URL: the site the house blog's articles point at).
 */
export async function seedDemo(
  store: Pick<Store, 'sql'>,
  { config, demo = true }: { config: Pick<Config, 'SKRIBRA_SITE_URL'> & Partial<Pick<Config, 'PORT'>>; demo?: boolean },
): Promise<string | null> {
  const site = config.SKRIBRA_SITE_URL.replace(/\/$/, '');
  return store.sql.begin(async (tx) => {
    const sql = tx as unknown as Sql;
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`;
    const [house] = await sql`select 1 from projects where id = ${BLOG_PROJECT_ID}`;
    if (!house) {
      await sql`insert into accounts (id, name) values (${HOUSE_ACCOUNT_ID}, 'Skribra (house)') on conflict do nothing`;
      await createProject(sql, { id: BLOG_PROJECT_ID, accountId: HOUSE_ACCOUNT_ID, name: 'Skribra blog', url: site, apiEnabled: false });
      await seedArticles(sql, BLOG_PROJECT_ID, blogTopics, site, 'Skribra');
    }
    if (!demo) return null;
    const [existing] = await sql`select 1 from accounts where id = ${DEMO_ACCOUNT_ID}`;
    if (existing) return null;
    const { api_key } = await createAccount(sql, 'Northwind Coffee (demo)', DEMO_ACCOUNT_ID);
    const shop = 'https://northwind-coffee.example';
    await createProject(sql, { id: DEMO_PROJECT_ON, accountId: DEMO_ACCOUNT_ID, name: 'Northwind blog', url: shop, apiEnabled: true });
    await createProject(sql, {
      id: DEMO_PROJECT_OFF,
      accountId: DEMO_ACCOUNT_ID,
      name: 'Northwind wholesale',
      url: 'https://wholesale.northwind-coffee.example',
      apiEnabled: false,
    });
    // The demo's pictures are files the local origin serves (npm start on PORT), so the examples show them.
    const origin = `http://localhost:${config.PORT ?? 4321}`;
    await seedArticles(sql, DEMO_PROJECT_ON, demoTopics, shop, 'Northwind Coffee', origin);
    await seedArticles(
      sql,
      DEMO_PROJECT_OFF,
      demoTopics.slice(0, 3),
      'https://wholesale.northwind-coffee.example',
      'Northwind Coffee',
      origin,
    );
    return api_key;
  });
}
