// The purge worker (src/request/blog/purge-blog-changes.ts) against a recording HTTP receiver on loopback standing for both
// targets (Netlify's purge API and a Varnish endpoint), over a real store, the articles published through the CLI's
// own publish path: a burst of changes goes out in few batches within Netlify's limit (a tag at most twice in 5 s),
// every change is purged after it was made, a refused purge (429, 500) is sent again and nothing is lost, two workers
// on one store never send one change twice, and the CLI says what it purged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { publishWithImages } from '../../src/request/publishing/publish-article.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { startPurgeTimer } from '../../src/request/blog/start-purge-timer.ts';
import type { WorkerConfig } from '../../src/request/blog/purge-blog-changes.ts';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { skribra } from '../helpers/cli.ts';

interface Purge {
  /** performance.now() when it arrived. */
  at: number;
  target: 'netlify' | 'varnish';
  tags: string[];
  status: number;
  headers: IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Both targets on one loopback server: Netlify's API at /api/v1/purge, the Varnish endpoint at /varnish. */
let server: Server;
let origin: string;
const purges: Purge[] = [];
/** Scripted answers per target, in order; then 200. */
const script: Record<Purge['target'], { status: number; headers?: Record<string, string> }[]> = { netlify: [], varnish: [] };
let delayMs = 0;

let t: TestStore;
let accountId: string;
const files = mkdtempSync(join(tmpdir(), 'skribra-purge-'));

beforeAll(async () => {
  t = await openTestStore();
  accountId = (await createAccount(t.store.sql, uniq('Purge Co'))).account_id;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const target = req.url === '/api/v1/purge' ? 'netlify' : 'varnish';
      const a = script[target].shift() ?? { status: 200 };
      purges.push({ at, target, tags: target === 'netlify' ? body.cache_tags : body.tags, status: a.status, headers: req.headers, body });
      setTimeout(() => {
        res.writeHead(a.status, a.headers);
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** A blog project of the test's own, the receiver emptied, and every target's cursor at the start of the log. */
async function freshBlog(): Promise<{ project: string; config: WorkerConfig }> {
  const project = await createProject(t.store.sql, { accountId, name: 'Company blog' });
  await t.store.sql`delete from cache_purge_cursors`;
  purges.length = 0;
  script.netlify = [];
  script.varnish = [];
  delayMs = 0;
  const config = {
    ...readConfig({}),
    SKRIBRA_BLOG_PROJECT_ID: project,
    NETLIFY_PURGE_API_TOKEN: 'netlify-token',
    SITE_ID: 'site-123',
    SKRIBRA_NETLIFY_API_URL: origin,
    SKRIBRA_PURGE_URL: `${origin}/varnish`,
    SKRIBRA_PURGE_TOKEN: 'varnish-token',
  };
  return { project, config };
}

const publish = (sql: Sql, project: string, slug: string, n = 0) =>
  publishWithImages(sql, project, articleInput(slug, `Post ${slug} ${n}`), { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: false });

/** Waits until every target's cursor has passed the project's last change. */
async function caughtUp(project: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = await t.store.sql<{ behind: boolean }[]>`
      select (select count(*) from cache_purge_cursors) < 2
        or exists (select 1 from cache_purge_cursors c where c.seq < (select max(seq) from article_changes where project_id = ${project})) as behind`;
    if (!row!.behind) return;
    if (Date.now() > deadline) throw new Error('the purges did not catch up');
    await sleep(50);
  }
}

/** Every purge attempt of `target` (accepted or not) carrying `tag`, by arrival. */
const attemptsOf = (target: Purge['target'], tag: string) => purges.filter((p) => p.target === target && p.tags.includes(tag));

/** Netlify's limit, over every attempt: no tag in three purges within 5 s. */
function expectWithinLimit() {
  for (const target of ['netlify', 'varnish'] as const) {
    const tags = new Set(purges.filter((p) => p.target === target).flatMap((p) => p.tags));
    for (const tag of tags) {
      const at = attemptsOf(target, tag).map((p) => p.at);
      for (let i = 2; i < at.length; i++) expect(at[i]! - at[i - 2]!, `${target} ${tag}`).toBeGreaterThan(5000);
    }
  }
}

describe('the purge worker', () => {
  it('100 changes in a burst go out in a few batches within the limit, each purged after it was made', async () => {
    const { project, config } = await freshBlog();
    const lines: string[] = [];
    const timer = startPurgeTimer(t.store.sql, { config, intervalMs: 100, log: (l) => lines.push(l) });
    // 100 publishes in about 12 s (a minute's burst, compressed): 70 new articles, then 30 edits of earlier ones.
    const last = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const slug = `burst-${i < 70 ? i : (i * 7) % 70}`;
      await publish(t.store.sql, project, slug, i);
      last.set(slug, performance.now());
      await sleep(120);
    }
    await caughtUp(project);
    await timer.stop();

    expect(lines[0]).toBe('cache purges: to netlify, varnish');
    for (const target of ['netlify', 'varnish'] as const) {
      const sent = purges.filter((p) => p.target === target);
      // Few batches: one per 2.5 s at most, each holding every change since the last.
      expect(sent.length).toBeGreaterThan(2);
      expect(sent.length).toBeLessThan(12);
      expect(lines.filter((l) => l.endsWith(`in one batch (target ${target})`))).toHaveLength(sent.length);
      // Each tag once a batch, and nothing but the blog's tags.
      for (const p of sent) expect(new Set(p.tags).size).toBe(p.tags.length);
      expect(new Set(sent.flatMap((p) => p.tags))).toEqual(new Set(['blog', ...[...last.keys()].map((s) => `blog/${s}`)]));
      // Every article's last change is followed by a purge of its tag.
      for (const [slug, at] of last) expect(attemptsOf(target, `blog/${slug}`).at(-1)!.at, slug).toBeGreaterThan(at);
      expect(sent.at(-1)!.tags).toContain('blog');
    }
    expectWithinLimit();
    // Each target's request, as its API takes it.
    const netlify = purges.find((p) => p.target === 'netlify')!;
    expect(netlify.headers.authorization).toBe('Bearer netlify-token');
    expect(netlify.body).toEqual({ site_id: 'site-123', cache_tags: netlify.tags });
    const varnish = purges.find((p) => p.target === 'varnish')!;
    expect(varnish.headers.authorization).toBe('Bearer varnish-token');
    expect(varnish.headers['xkey-purge']).toBe(varnish.tags.join(' '));
    expect(varnish.headers['surrogate-key']).toBe(varnish.tags.join(' '));
    expect(varnish.body).toEqual({ tags: varnish.tags });
  }, 90_000);

  it('a purge refused with 429 or 500 is sent again, at the pace of the limit and Retry-After, and nothing is lost', async () => {
    const { project, config } = await freshBlog();
    script.varnish = [{ status: 429, headers: { 'retry-after': '4' } }];
    script.netlify = [{ status: 500 }];
    const lines: string[] = [];
    const timer = startPurgeTimer(t.store.sql, { config, intervalMs: 50, log: (l) => lines.push(l) });
    const slugs = Array.from({ length: 12 }, (_, i) => `refused-${i}`);
    for (const slug of slugs) {
      await publish(t.store.sql, project, slug);
      await sleep(150);
    }
    await caughtUp(project);
    await timer.stop();

    for (const target of ['netlify', 'varnish'] as const) {
      const sent = purges.filter((p) => p.target === target);
      expect(sent[0]!.status).toBe(target === 'varnish' ? 429 : 500);
      // The refused batch is sent again whole, no sooner than the target allows.
      expect(sent[1]!.tags).toEqual(expect.arrayContaining(sent[0]!.tags));
      expect(sent[1]!.at - sent[0]!.at).toBeGreaterThan(target === 'varnish' ? 4000 : 2500);
      const accepted = new Set(sent.filter((p) => p.status === 200).flatMap((p) => p.tags));
      for (const slug of slugs) expect(accepted.has(`blog/${slug}`), `${target} ${slug}`).toBe(true);
    }
    expect(lines).toContain(
      `cache purge: ${purges.find((p) => p.target === 'varnish')!.tags.length} tags refused by varnish (answered 429); sent again in 4 s`,
    );
    expectWithinLimit();
  }, 60_000);

  it('two workers on one store never send one change twice', async () => {
    const { project, config } = await freshBlog();
    delayMs = 200; // a slow target widens the window in which the second worker could take the same batch
    const other = await t.open({ max: 3 });
    const timers = [
      startPurgeTimer(t.store.sql, { config, intervalMs: 10, log: () => {} }),
      startPurgeTimer(other.sql, { config, intervalMs: 10, log: () => {} }),
    ];
    const slugs = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    for (const slug of slugs) {
      await publish(t.store.sql, project, slug);
      await sleep(150);
    }
    await caughtUp(project);
    await Promise.all(timers.map((x) => x.stop()));
    await other.close();

    for (const target of ['netlify', 'varnish'] as const) {
      expect(purges.filter((p) => p.target === target).length).toBeGreaterThan(1);
      for (const slug of slugs) expect(attemptsOf(target, `blog/${slug}`), `${target} ${slug}`).toHaveLength(1);
    }
    expectWithinLimit();
  }, 60_000);
});

describe('the CLI', () => {
  const cli = (config: WorkerConfig, ...args: string[]) =>
    skribra(args, {
      ...t.env,
      SKRIBRA_BLOG_PROJECT_ID: config.SKRIBRA_BLOG_PROJECT_ID,
      SKRIBRA_PURGE_URL: config.SKRIBRA_PURGE_URL,
      SKRIBRA_PURGE_TOKEN: '',
      NETLIFY_PURGE_API_TOKEN: '',
      SITE_ID: '',
    });
  const file = (slug: string) => {
    const f = join(files, `${slug}.json`);
    writeFileSync(f, JSON.stringify({ title: `Post ${slug}`, slug, content_html: `<p>About ${slug}.</p>`, excerpt: `About ${slug}` }));
    return f;
  };

  it('purges right after a change and says so; a refused purge is a warning, and the next run sends it', async () => {
    const { project, config } = await freshBlog();
    const ok = await cli(config, 'article', 'publish', '--project', project, '--file', file('cli-one'));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('\ncache purged: blog, blog/cli-one (varnish)\n');
    expect(purges.map((p) => p.tags)).toEqual([['blog/cli-one', 'blog']]);

    script.varnish = [{ status: 500 }];
    const refused = await cli(config, 'article', 'unpublish', '--project', project, '--slug', 'cli-one');
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain('\nwarning: the cache purge failed (varnish: answered 500); the purge worker sends it again\n');
    const json = await cli(config, 'article', 'publish', '--project', project, '--file', file('cli-two'), '--json');
    // The next run waits out the back-off, then sends the refused change with the new one.
    expect(json.out).toMatchObject({ slug: 'cli-two', cache_purge: 'purged', cache_purge_targets: ['varnish'] });
    expect(purges.at(-1)!.tags.sort()).toEqual(['blog', 'blog/cli-one', 'blog/cli-two']);
  }, 30_000);

  it('another project, or no target, purges nothing and prints as before', async () => {
    const { config } = await freshBlog();
    const other = await createProject(t.store.sql, { accountId, name: 'Customer' });
    const r = await cli(config, 'article', 'publish', '--project', other, '--file', file('not-blog'));
    expect(r.stdout).not.toContain('cache purge');
    const off = await cli(
      { ...config, SKRIBRA_PURGE_URL: '' },
      'article',
      'publish',
      '--project',
      config.SKRIBRA_BLOG_PROJECT_ID!,
      '--file',
      file('no-target'),
    );
    expect(off.stdout.trim().split('\n')).toHaveLength(1);
    expect(purges).toEqual([]);
  });
});
