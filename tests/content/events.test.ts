// GET /v1/events, the change stream, over real HTTP (the local origin's Node adapter) and a real store: the client's
// watch across the server's stream ends, resumption by Last-Event-ID, the errors before a stream starts, the slots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContentApi } from '../../src/request/api/content/create-content-api.ts';
import { EVENT_STREAMS_PER_ACCOUNT } from '../../src/model/endpoints/content/stream-own-changes.endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { updateArticleState } from '../../src/store/repos/articles.ts';
import { createClient } from '../../packages/content-client/src/index.ts';
import type { ChangeEvent } from '../../packages/content-client/src/index.ts';
import { skribra } from '../helpers/cli.ts';
import { bearer, fixture, openTestStore, type TestStore } from './helpers.ts';

const BIG = { list: { hour: 100_000, day: 100_000 }, detail: { hour: 100_000, day: 100_000 } };
let t: TestStore;
let server: { port: number; close: () => Promise<void> };
let base: string;
const files = mkdtempSync(join(tmpdir(), 'skribra-events-'));

beforeAll(async () => {
  t = await openTestStore();
  // Streams end every 5 s here (50 by default), so the client's watch reconnects several times during a test.
  const config = readConfig({ ...process.env, SKRIBRA_EVENTS_MAX_S: '5' });
  server = await listen(createContentApi({ sql: t.store.sql, config, limits: BIG }), 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** The seq a cursor stands at (its `after`): cursors are base64url of `v1.<after>.<skip>.<hours>.<mac>`. */
const seqOf = (cursor: string) => BigInt(Buffer.from(cursor, 'base64url').toString('latin1').split('.')[1]!);

interface Sse {
  event: string;
  id?: string;
  data: any;
}

/** Opens a stream and reads its events until `until` says stop (or `ms` pass); then closes it. */
async function readStream(path: string, headers: Record<string, string>, until: (events: Sse[]) => boolean, ms = 8000) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), ms);
  const res = await fetch(`${base}${path}`, { headers, signal: ac.signal });
  const events: Sse[] = [];
  let raw = '';
  if (res.ok) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      while (!until(events)) {
        const { done, value } = await reader.read();
        if (done) break;
        raw += decoder.decode(value, { stream: true });
        const blocks = raw.split('\n\n');
        raw = blocks.pop()!;
        for (const block of blocks) {
          const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
          if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
        }
      }
    } catch (err) {
      if (!ac.signal.aborted) throw err;
    }
    ac.abort();
  }
  clearTimeout(timer);
  return { status: res.status, headers: res.headers, events, body: res.ok ? undefined : await res.json() };
}
const ready = (events: Sse[]) => events.some((e) => e.event === 'ready');

const cli = async (...args: string[]) => {
  const r = await skribra(args, t.env);
  expect(r.code, r.stderr).toBe(0);
};
const articleFile = (slug: string) => {
  const f = join(files, `${slug}.json`);
  writeFileSync(f, JSON.stringify({ title: `Post ${slug}`, slug, content_html: `<p>${slug}</p>`, keyword: 'stream' }));
  return f;
};

describe('GET /v1/events', () => {
  it('a watching client sees each of 50 CLI changes exactly once, in order, across stream ends; its cursor is the feed’s', async () => {
    const f = await fixture(t.store, 15);
    const client = createClient({ apiKey: f.key, baseUrl: base });
    const ac = new AbortController();
    const seen: ChangeEvent[] = [];
    let readyCount = 0;
    let readyAt: () => void;
    const first = new Promise<void>((r) => {
      readyAt = r;
    });
    const watching = (async () => {
      for await (const change of client.watch(f.on, {
        signal: ac.signal,
        onReady: () => {
          readyCount++;
          readyAt();
        },
      }))
        seen.push(change);
    })();
    await first;

    // 50 changes, each of its own article (the log keeps an article's latest change, so two changes of one article
    // between two reads are one event, as in the sync feed): 35 publishes, then unpublish, redirect, noindex, retire
    // and an edit of the fixture's articles; in bursts of 10 with pauses, while the server ends streams every 5 s.
    const expected: [string, string][] = [];
    const commands: (() => Promise<void>)[] = [];
    for (let i = 0; i < 35; i++) {
      const slug = `live-${String(i).padStart(2, '0')}`;
      commands.push(() => cli('article', 'publish', '--project', f.on, '--file', articleFile(slug)));
      expected.push(['article.published', slug]);
    }
    const [a, b, c, d, e, g, h, ...rest] = f.slugs;
    const edits: [string[], string, string][] = [
      [['article', 'unpublish', '--slug', a!], 'article.unpublished', a!],
      [['article', 'unpublish', '--slug', b!], 'article.unpublished', b!],
      [['article', 'redirect', '--slug', c!, '--to', '/live-00', '--permanent'], 'article.redirected', c!],
      [['article', 'redirect', '--slug', d!, '--to', 'https://elsewhere.example/x'], 'article.redirected', d!],
      [['article', 'noindex', '--slug', e!], 'article.updated', e!],
      [['article', 'retire', '--slug', g!], 'article.updated', g!],
      [['article', 'update', '--slug', h!, '--set', 'title=Renamed'], 'article.updated', h!],
      ...rest.map((s): [string[], string, string] => [['article', 'noindex', '--slug', s], 'article.updated', s]),
    ];
    for (const [args, type, slug] of edits) {
      commands.push(() => cli(...args.slice(0, 2), '--project', f.on, ...args.slice(2)));
      expected.push([type, slug]);
    }
    expect(commands).toHaveLength(50);
    const started = Date.now();
    for (let i = 0; i < commands.length; i += 10) {
      for (const run of commands.slice(i, i + 10)) await run();
      await new Promise((r) => setTimeout(r, 2500));
    }
    const deadline = Date.now() + 30_000;
    while (seen.length < 50 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const spanS = (Date.now() - started) / 1000;
    ac.abort();
    await watching;

    expect(seen.map((s) => [s.type, s.slug])).toEqual(expected);
    // Strictly increasing positions: none doubled, none out of order.
    const seqs = seen.map((s) => seqOf(s.cursor));
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!)).toBe(true);
    // The streams ended and were resumed along the way (one ready per connection).
    expect(readyCount).toBeGreaterThanOrEqual(Math.floor(spanS / 7));
    expect(readyCount).toBeGreaterThanOrEqual(3);
    const redirected = seen.find((s) => s.slug === c)!;
    expect(redirected).toMatchObject({ redirect_to: '/live-00', redirect_type: 'permanent' });
    expect(seen.find((s) => s.slug === e)).toMatchObject({ noindex: true, updated_at: expect.any(String) });
    expect(seen.find((s) => s.slug === a)).not.toHaveProperty('updated_at');
    expect(JSON.stringify(seen)).not.toContain('content_html');

    // The last cursor is the sync feed's: caught up from it, and at the end of a full sync.
    const last = seen.at(-1)!.cursor;
    const fromLast = await client.api.syncOwnArticles({ projectId: f.on, cursor: last });
    expect(fromLast.data).toEqual({ items: [], next_cursor: last, has_more: false });
    expect((await client.sync(f.on)).cursor).toBe(last);
  }, 120_000);

  it('replays an unpublish and a redirect to a client resuming with Last-Event-ID from before them', async () => {
    const f = await fixture(t.store, 3);
    const path = `/v1/events?projectId=${f.on}`;
    const start = await readStream(path, bearer(f.key), ready);
    expect(start.status).toBe(200);
    expect(start.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(start.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(start.headers.get('etag')).toBeNull();
    expect(start.headers.get('content-encoding')).toBeNull();
    // No cursor: the stream starts at the present, with nothing to replay.
    expect(start.events.map((e) => e.event)).toEqual(['ready']);
    const before = start.events[0]!.id!;
    expect(start.events[0]!.data).toEqual({ cursor: before });

    await updateArticleState(t.store.sql, f.on, f.slugs[0]!, { unpublished: true });
    await updateArticleState(t.store.sql, f.on, f.slugs[1]!, { redirect_to: `/${f.slugs[2]}`, redirect_type: 'permanent' });

    const again = await readStream(path, { ...bearer(f.key), 'last-event-id': before }, ready);
    const changes = again.events.filter((e) => e.event === 'change');
    expect(changes.map((e) => [e.data.type, e.data.slug])).toEqual([
      ['article.unpublished', f.slugs[0]],
      ['article.redirected', f.slugs[1]],
    ]);
    expect(changes[1]!.data).toMatchObject({ redirect_to: `/${f.slugs[2]}`, redirect_type: 'permanent' });
    for (const e of changes) expect(e.id).toBe(e.data.cursor);
    expect(again.events.at(-1)).toMatchObject({ event: 'ready', id: changes[1]!.id });
    // Last-Event-ID wins over ?cursor= (EventSource keeps the first URL and sends the header on reconnect).
    const both = await readStream(
      `${path}&cursor=${encodeURIComponent(changes[0]!.id!)}`,
      { ...bearer(f.key), 'last-event-id': before },
      ready,
    );
    expect(both.events.filter((e) => e.event === 'change')).toHaveLength(2);
    // ?cursor= alone: after the unpublish, only the redirect.
    const fromQuery = await readStream(`${path}&cursor=${encodeURIComponent(changes[0]!.id!)}`, bearer(f.key), ready);
    expect(fromQuery.events.filter((e) => e.event === 'change').map((e) => e.data.slug)).toEqual([f.slugs[1]]);
    // A live change reaches an open stream.
    const live = readStream(path, { ...bearer(f.key), 'last-event-id': again.events.at(-1)!.id! }, (es) =>
      es.some((e) => e.event === 'change'),
    );
    await new Promise((r) => setTimeout(r, 300));
    await updateArticleState(t.store.sql, f.on, f.slugs[2]!, { noindex: true });
    expect((await live).events.filter((e) => e.event === 'change').map((e) => [e.data.type, e.data.slug, e.data.noindex])).toEqual([
      ['article.updated', f.slugs[2], true],
    ]);
  }, 30_000);

  it('answers the /v1 errors before a stream starts: 401, 404, 403, 400, and 429 past the slots', async () => {
    const f = await fixture(t.store, 1);
    const g = await fixture(t.store, 1);
    const get = (path: string, headers: Record<string, string> = bearer(f.key)) => readStream(path, headers, () => true, 3000);
    expect((await get(`/v1/events?projectId=${f.on}`, {})).status).toBe(401);
    expect((await get(`/v1/events?projectId=${g.on}`)).body).toEqual({
      code: 'project_not_found',
      message: 'No such project on this account.',
    });
    const off = await get(`/v1/events?projectId=${f.off}`);
    expect([off.status, off.body.code]).toEqual([403, 'project_api_disabled']);
    expect((await get('/v1/events')).body.message).toMatch(/^Query parameter "projectId"/);
    for (const bad of ['nope', Buffer.from('v1.1.0.1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx').toString('base64url')]) {
      const q = await get(`/v1/events?projectId=${f.on}&cursor=${bad}`);
      expect([q.status, q.body.code], bad).toEqual([400, 'invalid_query']);
      const h = await get(`/v1/events?projectId=${f.on}`, { ...bearer(f.key), 'last-event-id': bad });
      expect([h.status, h.body.code], bad).toEqual([400, 'invalid_query']);
    }
    // Another project's cursor, even of the same account, is refused.
    const other = await readStream(`/v1/events?projectId=${g.on}`, bearer(g.key), ready);
    const foreign = await get(`/v1/events?projectId=${f.on}`, { ...bearer(f.key), 'last-event-id': other.events[0]!.id! });
    expect(foreign.status).toBe(400);

    // EVENT_STREAMS_PER_ACCOUNT open at once; the next is 429 with Retry-After; a client that leaves frees its slot.
    const holders = Array.from({ length: EVENT_STREAMS_PER_ACCOUNT }, () => new AbortController());
    const opened = await Promise.all(
      holders.map((ac) => fetch(`${base}/v1/events?projectId=${f.on}`, { headers: bearer(f.key), signal: ac.signal })),
    );
    expect(opened.map((r) => r.status)).toEqual(holders.map(() => 200));
    const over = await get(`/v1/events?projectId=${f.on}`);
    expect([over.status, over.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // Another account is not held to this one's slots.
    expect((await get(`/v1/events?projectId=${g.on}`, bearer(g.key))).status).toBe(200);
    holders[0]!.abort();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await get(`/v1/events?projectId=${f.on}`)).status;
    }
    expect(status).toBe(200);
    for (const ac of holders) ac.abort();
  }, 30_000);
});
