// The local origin's follower of the blog's change log (src/request/blog/follow-blog-changes.ts) over a real store, reached
// through a relay that can be cut: a change of an article drops the cached answers carrying its tags (and only
// those) within about a second; with the store away, cached answers stay and one line says so; once it is back, the
// changes made meanwhile are purged.
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { connect } from '../../src/store/open-store.ts';
import { publishWithImages } from '../../src/request/publishing/publish-article.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { followBlogChanges } from '../../src/request/blog/follow-blog-changes.ts';
import { createTagCache, type TagCache } from '../../origin/tag-cache.ts';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { storeRelay, type StoreRelay } from '../helpers/store-relay.ts';

let t: TestStore;
let relay: StoreRelay;
let down = false;
const open = new Set<Socket>();
let blog: string;

beforeAll(async () => {
  t = await openTestStore();
  const acc = await createAccount(t.store.sql, uniq('Follow Co'));
  blog = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Company blog' });
  relay = await storeRelay(t.url, (client, server) => {
    if (down) {
      client.destroy();
      server.destroy();
      return;
    }
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pipe(server);
    server.pipe(client);
  });
});
afterAll(async () => {
  relay?.close();
  await t?.close();
});

const publish = (slug: string, title = `Post ${slug}`) =>
  publishWithImages(t.store.sql, blog, articleInput(slug, title), { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: false });
/** An answer in the cache under `key`, as live-answers.ts puts one there. */
function keep(cache: TagCache, key: string, tags: string[]) {
  cache.get(key);
  cache.set(key, { status: 200, headers: [['cache-tag', tags.join(',')]], body: new TextEncoder().encode(key), tags });
}
async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

it('a change drops the answers tagged by it within a second; others stay; the store away purges nothing', async () => {
  await publish('before');
  const sql = connect(relay.url, 2, readConfig());
  const cache = createTagCache();
  keep(cache, 'cached before following', ['blog/before']);
  const lines: string[] = [];
  const follower = followBlogChanges(sql, { config: { SKRIBRA_BLOG_PROJECT_ID: blog }, cache, intervalMs: 100, log: (l) => lines.push(l) });
  // Following starts from the head: what was cached before may predate a change counted in it.
  await until(() => cache.size === 0);
  await sleep(300);

  keep(cache, '/blog/a/', ['blog/a', 'blog']);
  keep(cache, '/blog/', ['blog']);
  keep(cache, '/blog/b/', ['blog/b']);
  keep(cache, '/blog/c/', ['blog/c']);
  await publish('a');
  const t0 = Date.now();
  await until(() => cache.size === 2);
  expect(Date.now() - t0).toBeLessThan(1500);
  expect(cache.get('/blog/b/')).toBeDefined();
  expect(cache.get('/blog/c/')).toBeDefined();

  // The store away: every connection cut, and new ones refused.
  down = true;
  for (const s of open) s.destroy();
  await publish('b', 'Edited while the origin cannot see the store');
  await sleep(1000);
  expect(cache.get('/blog/b/')).toBeDefined(); // still served: a failure purges nothing
  expect(lines.filter((l) => l.includes('unavailable'))).toHaveLength(1);

  down = false;
  await until(() => cache.get('/blog/b/') === undefined);
  expect(cache.get('/blog/c/')).toBeDefined();
  expect(lines.at(-1)).toBe('blog cache: the content store answers again; following its changes');
  await follower.stop();
  await sql.end({ timeout: 1 });
}, 20_000);
