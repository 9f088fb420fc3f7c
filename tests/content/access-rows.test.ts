// The access check's rows (src/store/rows-of.ts): a batch of whole answers is taken out of the driver's hands, so it dies
// in the young generation instead of being kept alive by postgres.js's per-query closures until a full GC (what made
// the detail route's p99). And the concurrent detail requests of one key that share an access statement still get
// exactly their quota, each its own count and its own article.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessBatch } from '../../src/store/repos/access.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { keyDigest } from '../../src/store/ids.ts';
import { api, articleInput, bearer, openTestStore, uniq, type TestStore } from './helpers.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** An account with one project of `count` articles of about `kb` KB of HTML each. */
async function bigArticles(count: number, kb: number) {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const project = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Big', apiEnabled: true });
  const slugs = Array.from({ length: count }, (_, i) => `big-${String(i).padStart(2, '0')}`);
  const html = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil((kb * 1024) / 57))}</p>`;
  for (const [i, slug] of slugs.entries())
    await publishArticle(t.store.sql, project, articleInput(slug, `Big ${i}`, { content_html: html }));
  return { key: acc.api_key, project, slugs };
}

describe("the access check's rows", () => {
  it('32 concurrent detail requests of one key against an hourly quota of 20: 20 answers, each its own article and count, 12 refusals', async () => {
    const f = await bigArticles(8, 8);
    const get = api(t.store, { limits: { detail: { hour: 20, day: 1000 } } });
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        get(`/v1/articles/${f.slugs[i % 8]}?projectId=${f.project}`, bearer(f.key)).then((r) => ({ i, ...r })),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12);
    for (const r of ok) expect(r.body.data).toMatchObject({ slug: f.slugs[r.i % 8], metadata: { projectId: f.project } });
    const remaining = ok.map((r) => Number(/"hour";r=(\d+)/.exec(r.headers.get('ratelimit')!)![1])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("a batch of whole answers dies young: scavenges promote a small part of the rows' bytes, not all of them", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (opts?: { type: 'minor' | 'major' }) => void;
    const f = await bigArticles(8, 32);
    const digest = keyDigest(f.key);
    const targets = f.slugs.map((slug) => ({ projectId: f.project, slug }));
    // One batch, its answers dropped before the scavenges: nothing of it is reachable from here when they run.
    const batch = async () =>
      (await checkAccessBatch(t.store.sql, digest, 'detail', targets, new Date(Date.now() + 5000))).reduce(
        (n, a) => n + (a.detail?.answer?.text.length ?? 0),
        0,
      );
    const old = () =>
      getHeapSpaceStatistics()
        .filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space')
        .reduce((n, s) => n + s.space_used_size, 0);
    await batch(); // the statement prepared, the code warm
    gc();
    const before = old();
    let bytes = 0;
    for (let i = 0; i < 25; i++) {
      bytes += await batch();
      gc({ type: 'minor' }); // a survivor is copied once, then promoted by the second
      gc({ type: 'minor' });
    }
    const promoted = old() - before;
    expect(bytes).toBeGreaterThan(25 * 8 * 30_000);
    // Measured: ~10% of the rows' bytes with the rows taken from the driver, ~160% (rows and all) without.
    expect(promoted).toBeLessThan(bytes / 3);
  });
});
