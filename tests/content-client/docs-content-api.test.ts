// The examples and tables of content/pages/docs/content-api.md, against a served content API on a real store: every
// curl command and JavaScript tab runs; the field and parameter tables name exactly what the schemas declare; the
// Node build script builds a project from nothing from the feed alone (ceil(N/100) requests, no detail request),
// refreshes it with one request, resumes a run cut off midway, and starts over when its cursor is too old.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { ownArticle, ownArticleCard } from '../../src/model/schemas/own-article.ts';
import { syncPage } from '../../src/model/schemas/sync.ts';
import { listOwnArticles } from '../../src/model/endpoints/content/list-own-articles.endpoint.ts';
import { syncOwnArticles } from '../../src/model/endpoints/content/sync-own-articles.endpoint.ts';
import { streamOwnChanges } from '../../src/model/endpoints/content/stream-own-changes.endpoint.ts';
import { changeEvent, streamReady } from '../../src/model/schemas/change-event.ts';
import { encodeCursor } from '../../src/request/api/content/sync-feed.ts';
import { serveContentApi, startProxy, type Served } from './served-api.ts';
import { fillSiteAddress } from '../../src/model/catalog/site-address.ts';

// The page as production shows it: its {{site_url}} filled with the production address, which the examples localise.
const page = fillSiteAddress(
  readFileSync(new URL('../../content/pages/docs/content-api.md', import.meta.url), 'utf8'),
  'https://skribra.com',
);
/** The text of `heading`'s section, up to the next heading of the same or a higher level. */
function section(heading: string): string {
  const from = page.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`no heading ${heading}`);
  const level = heading.split(' ')[0]!;
  const next = page.slice(from + heading.length + 2).search(new RegExp(`\\n#{2,${level.length}} `));
  return next < 0 ? page.slice(from) : page.slice(from, from + heading.length + 2 + next);
}
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${lang}(?: tab)?\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
/** The first column's `code` names of the markdown table in `text` that starts with `| header |`. */
function tableRows(text: string, header: string): string[][] {
  const start = text.indexOf(`| ${header} |`);
  const rows = text
    .slice(start)
    .split('\n')
    .filter((l, i, all) => l.startsWith('|') && all.slice(0, i).every((p) => p.startsWith('|')));
  return rows.slice(2).map((r) =>
    r
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim()),
  );
}

let t: TestStore;
let api: Served;
beforeAll(async () => {
  t = await openTestStore();
  api = await serveContentApi(t.store.sql);
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

describe('docs: content API page, tables', () => {
  it('the field table names every article field, with the card fields marked "card and detail"', () => {
    const rows = tableRows(section('### Article fields'), 'Field');
    const named = new Map(rows.map((r) => [r[0]!.replaceAll('`', ''), r[1]]));
    const card = Object.keys(ownArticleCard.shape).filter((k) => k !== 'markdown_url');
    const all = Object.keys(ownArticle.shape);
    expect([...named.keys()].sort()).toEqual([...all].sort());
    for (const k of all) expect(named.get(k), k).toBe(card.includes(k) ? 'card and detail' : 'detail');
  });

  it('the parameter tables of the list and the sync feed name every parameter the API reads', () => {
    const names = (heading: string) => tableRows(section(heading), 'Parameter').map((r) => r[0]!.replaceAll('`', ''));
    expect(names('### List articles').sort()).toEqual([...listOwnArticles.query.keys].sort());
    expect(names('### Sync feed').sort()).toEqual([...syncOwnArticles.query.keys].sort());
    expect(names('### Change stream').sort()).toEqual([...streamOwnChanges.query.keys, 'Last-Event-ID (header)'].sort());
  });
});

describe('docs: content API page, example responses', () => {
  /** The page's first JSON block under `heading`, parsed. */
  const json = (heading: string) => JSON.parse(blocks(section(heading), 'json')[0]!);
  const keysWithin = (o: object, schema: { shape: object }) => expect(Object.keys(o).filter((k) => !(k in schema.shape))).toEqual([]);

  it('the list, detail and sync examples are valid for their schemas and name no field the API does not send', () => {
    for (const card of json('### List articles').data.items) {
      ownArticleCard.parse(card);
      keysWithin(card, ownArticleCard);
    }
    const detail = json('### Get one article').data;
    ownArticle.parse(detail);
    keysWithin(detail, ownArticle);
    const sync = syncPage.parse(json('### Sync feed'));
    for (const item of sync.data.items)
      if (item.type === 'upsert') {
        ownArticle.parse(item.article);
        keysWithin(item.article, ownArticle);
      }
    expect(sync.data.items.map((i) => i.type === 'removed' && i.reason)).toEqual([false, 'unpublished', 'redirected']);
  });

  it('the change stream example is valid server-sent events: each data its schema, each id its cursor', () => {
    const events = blocks(section('### Change stream'), 'text')[0]!
      .trim()
      .split('\n\n')
      .map((b) => Object.fromEntries(b.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])));
    expect(events.map((e) => e.event ?? Object.keys(e)[0])).toEqual(['retry', 'ready', '', 'change', 'change']);
    for (const e of events.filter((x) => x.event)) {
      const data = (e.event === 'ready' ? streamReady : changeEvent).strict().parse(JSON.parse(e.data!));
      expect(data.cursor).toBe(e.id);
    }
  });
});

describe('docs: content API page, requests', () => {
  it('runs every curl command and every JavaScript tab, with this API, key and project put in', async () => {
    const f = await fixture(t.store, 0);
    await publishArticle(
      t.store.sql,
      f.on,
      articleInput('how-to-choose-a-url-slug', 'How to choose a URL slug', { tags: ['urls', 'on-page seo'] }),
    );
    const localise = (s: string) =>
      s.replaceAll('https://skribra.com', api.url).replaceAll('$SKRIBRA_API_KEY', f.key).replaceAll('prj_8f2c1a', f.on);

    const commands = blocks(page, 'bash')
      .flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'))
      .map((l) => l.trim())
      .filter((l) => l.startsWith('curl '));
    expect(commands.length).toBe(8);
    expect(commands.some((c) => c.includes('&tag=urls'))).toBe(true);
    expect(commands.some((c) => c.includes('/v1/tags?'))).toBe(true);
    expect(commands.some((c) => c.includes('/v1/sync?'))).toBe(true);
    for (const command of commands) {
      const args = [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!).slice(1);
      const headers: Record<string, string> = {};
      let url = '';
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-H') {
          const [k, ...v] = args[++i]!.split(':');
          headers[k!.trim().toLowerCase()] = localise(v.join(':').trim());
        } else if (!args[i]!.startsWith('-')) url = localise(args[i]!);
      }
      if (headers['if-none-match'])
        headers['if-none-match'] = (await fetch(url, { headers: { authorization: headers.authorization! } })).headers.get('etag')!;
      if (url.includes('/v1/events?')) {
        // The stream: read until it is caught up, then leave.
        const ac = new AbortController();
        const res = await fetch(url, { headers, signal: ac.signal });
        expect(res.headers.get('content-type'), command).toBe('text/event-stream; charset=utf-8');
        const reader = res.body!.getReader();
        let text = '';
        while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value);
        expect(text, command).toMatch(/^retry: 2000\n\nid: \S+\nevent: ready\n/);
        ac.abort();
        continue;
      }
      const res = await fetch(url, { headers });
      expect(res.status, command).toBe(headers['if-none-match'] ? 304 : 200);
      if (res.status === 200) {
        const body = await res.json();
        if (url.includes('tag=urls')) expect(body.data.items.map((a: any) => a.slug)).toEqual(['how-to-choose-a-url-slug']);
        if (url.includes('/tags?')) expect(body.data.items).toContainEqual({ name: 'urls', article_count: 1 });
        if (url.includes('/sync?')) expect(body.data.items[0].article.content_html).toBe('<h2>How to choose a URL slug</h2><p>Body.</p>');
      }
    }

    const scripts = blocks(page, 'js').filter((code) => code.includes('fetch(') && !code.includes('import '));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;
    for (const code of scripts) {
      const logged: unknown[] = [];
      await new AsyncFunction('process', 'console', localise(code))(
        { env: { SKRIBRA_API_KEY: f.key } },
        { log: (...a: unknown[]) => logged.push(a) },
      );
      expect(JSON.stringify(logged), code).not.toMatch(/undefined/);
      expect(logged.length, code).toBe(1);
    }
  });
});

describe('docs: content API page, build a site from nothing', () => {
  const script = blocks(section('### Example: build and refresh in Node'), 'js')[0]!;

  /** Runs the page's build.mjs in `dir` against `base`: its exit code and output. */
  function build(dir: string, base: string, project: string, key: string) {
    writeFileSync(join(dir, 'build.mjs'), script);
    return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      execFile(
        process.execPath,
        ['build.mjs'],
        { cwd: dir, env: { ...process.env, SKRIBRA_BASE_URL: base, SKRIBRA_API_KEY: key, SKRIBRA_PROJECT_ID: project } },
        (error, out, err) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, out, err }),
      );
    });
  }
  const files = (dir: string, kind: string) => readdirSync(join(dir, 'skribra', kind)).sort();
  const read = (dir: string, kind: string, slug: string) => JSON.parse(readFileSync(join(dir, 'skribra', kind, `${slug}.json`), 'utf8'));

  /** A project of 250 listed articles, one redirect in force and one unpublished article. */
  async function project() {
    const f = await fixture(t.store, 0);
    for (let i = 0; i < 250; i++)
      await publishArticle(t.store.sql, f.on, articleInput(`post-${i}`, `Post ${i}`, { tags: [`tag-${i % 3}`], language: 'en' }));
    await publishArticle(t.store.sql, f.on, articleInput('merged', 'Merged'));
    await updateArticleState(t.store.sql, f.on, 'merged', { redirect_to: 'https://on.example/blog/post-1', redirect_type: 'permanent' });
    await publishArticle(t.store.sql, f.on, articleInput('withdrawn', 'Withdrawn'));
    await updateArticleState(t.store.sql, f.on, 'withdrawn', { unpublished: true });
    return f;
  }

  it("builds 250 articles in 3 sync requests and no detail request, each file the detail route's data; then refreshes with 1", async () => {
    const f = await project();
    const proxy = await startProxy(api.url);
    const dir = mkdtempSync(join(tmpdir(), 'skribra-docs-build-'));
    try {
      const first = await build(dir, proxy.url, f.on, f.key);
      expect(first.err).toBe('');
      expect(first.out).toBe('250 saved, 1 removed, 3 requests\n');
      expect(proxy.log.map((r) => r.path.split('?')[0])).toEqual(['/v1/sync', '/v1/sync', '/v1/sync']);
      expect(files(dir, 'articles')).toHaveLength(250);
      expect(files(dir, 'redirects')).toEqual(['merged.json']);
      expect(read(dir, 'redirects', 'merged')).toEqual({ to: 'https://on.example/blog/post-1', status: 301 });
      for (const slug of ['post-0', 'post-137', 'post-249']) {
        const detail = await (
          await fetch(`${api.url}/v1/articles/${slug}?projectId=${f.on}`, { headers: { authorization: `Bearer ${f.key}` } })
        ).json();
        expect(read(dir, 'articles', slug)).toEqual(detail.data);
      }

      // One edit, one new article, one unpublished, one redirected, and the merged slug published again.
      await publishArticle(t.store.sql, f.on, articleInput('post-3', 'Post 3, edited'));
      await publishArticle(t.store.sql, f.on, articleInput('post-new', 'Post new'));
      await updateArticleState(t.store.sql, f.on, 'post-4', { unpublished: true });
      await updateArticleState(t.store.sql, f.on, 'post-5', { redirect_to: 'https://on.example/blog/post-3', redirect_type: 'temporary' });
      await updateArticleState(t.store.sql, f.on, 'merged', { redirect_to: null, redirect_type: null });
      proxy.log.length = 0;
      const second = await build(dir, proxy.url, f.on, f.key);
      expect(second.out).toBe('3 saved, 2 removed, 1 requests\n');
      expect(proxy.log).toHaveLength(1);
      expect(read(dir, 'articles', 'post-3').title).toBe('Post 3, edited');
      expect(existsSync(join(dir, 'skribra/articles/post-4.json'))).toBe(false);
      expect(read(dir, 'redirects', 'post-5')).toEqual({ to: 'https://on.example/blog/post-3', status: 302 });
      expect(files(dir, 'redirects')).toEqual(['post-5.json']);
      expect(files(dir, 'articles')).toHaveLength(250);
    } finally {
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a run cut off after its first page keeps that page and its cursor; the next run goes on from there', async () => {
    const f = await project();
    const proxy = await startProxy(api.url);
    const dir = mkdtempSync(join(tmpdir(), 'skribra-docs-build-'));
    try {
      proxy.faults.push('pass', 'drop');
      const cut = await build(dir, proxy.url, f.on, f.key);
      expect(cut.code).not.toBe(0);
      expect(files(dir, 'articles')).toHaveLength(100);
      expect(existsSync(join(dir, 'skribra/cursor'))).toBe(true);
      proxy.log.length = 0;
      const rest = await build(dir, proxy.url, f.on, f.key);
      expect(rest.out).toBe('150 saved, 1 removed, 2 requests\n');
      expect(proxy.log).toHaveLength(2);
      expect(files(dir, 'articles')).toHaveLength(250);
    } finally {
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cursor older than 30 days is refused, and the script starts over from an empty set', async () => {
    const f = await project();
    const dir = mkdtempSync(join(tmpdir(), 'skribra-docs-build-'));
    try {
      expect((await build(dir, api.url, f.on, f.key)).out).toBe('250 saved, 1 removed, 3 requests\n');
      const [{ secret }] = await t.store.sql<{ secret: string }[]>`select secret from sync_secret`;
      const hours = Math.floor(Date.now() / 3600_000) - 31 * 24;
      writeFileSync(join(dir, 'skribra/cursor'), encodeCursor(secret!, f.on, { after: 1n, skip: 0n, hours }));
      writeFileSync(join(dir, 'skribra/articles/left-over.json'), '{}');
      expect((await build(dir, api.url, f.on, f.key)).out).toBe('250 saved, 1 removed, 4 requests\n');
      expect(files(dir, 'articles')).toHaveLength(250);
      expect(files(dir, 'articles')).not.toContain('left-over.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
