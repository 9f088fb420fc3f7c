// Every article image measured at publish, on a real store, with real images served over loopback: the cover and
// three inline images get width, height, placeholder and colour in the detail, the sync feed and the webhook alike,
// and the inline <img> tags their size and lazy loading; an unreachable, broken or oversized image publishes with a
// warning and goes without; a private address is refused by the SSRF guard (no request reaches it) unless the
// local-development setting allows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { Webhook } from 'standardwebhooks';
import { api, articleInput, bearer, openTestStore, uniq, type TestStore } from './helpers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { getArticle } from '../../src/store/repos/articles.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';
import { readConfig } from '../../src/model/config.ts';
import { publishWithImages } from '../../src/request/publishing/publish-article.ts';
import { measureImages } from '../../src/request/publishing/measure-images.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

let t: TestStore;
let rx: Receiver;
let images: Server;
let base: string;
const hits: string[] = [];
const LOCAL = { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: true };
const PRODUCTION = { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: false };

/** A picture of `w` x `h` in `format`: two colour bands, so the placeholder has something to show. */
const picture = (w: number, h: number, format: 'jpeg' | 'png' | 'webp', colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .composite([{ input: { create: { width: w, height: Math.ceil(h / 4), channels: 3, background: '#ffffff' } }, top: 0, left: 0 }])
    [format]()
    .toBuffer();

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
  const files: Record<string, Buffer> = {
    '/cover.jpg': await picture(1600, 900, 'jpeg', '#7a4a1f'),
    '/one.png': await picture(800, 600, 'png', '#1f5a7a'),
    '/two.webp': await picture(640, 960, 'webp', '#2e7a1f'),
    '/three.jpg': await picture(1200, 500, 'jpeg', '#7a1f5a'),
    '/not-an-image.jpg': Buffer.from('<html>nope</html>'),
  };
  images = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/slow.jpg') return; // never answers
    if (req.url === '/huge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(64 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
      return;
    }
    if (req.url === '/moved.png') {
      res.writeHead(302, { location: '/one.png' });
      res.end();
      return;
    }
    const body = files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/*' }).end(body);
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  images?.closeAllConnections();
  await new Promise((r) => images?.close(r));
  await rx?.close();
  await t?.close();
});

async function project() {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Images', apiEnabled: true });
  const ep = await configureEndpoint(t.store.sql, pid, { url: rx.url, events: ['article.published', 'article.updated'] }, readConfig());
  return { pid, key: acc.api_key, secret: ep!.secret! };
}

const body = (b: string) =>
  `<p>Intro.</p><img src="${b}/one.png" alt="A blue card"><p>More.</p><figure><img alt="A green card" src="${b}/two.webp" /></figure><p><img src='${b}/three.jpg' alt="" class="wide"></p>`;

describe('article images measured at publish', () => {
  it('the cover and three inline images get width, height, placeholder and colour in detail, sync and webhook alike', async () => {
    const { pid, key, secret } = await project();
    const slug = 'three-images';
    const r = await publishWithImages(
      t.store.sql,
      pid,
      articleInput(slug, 'Three images', { content_html: body(base), image_url: `${base}/cover.jpg`, image_alt: 'A brown cover' }),
      LOCAL,
    );
    expect(r.warnings).toBeUndefined();

    const get = api(t.store);
    const detail = (await get(`/v1/articles/${slug}?projectId=${pid}`, bearer(key))).body.data;
    expect(detail).toMatchObject({ image_width: 1600, image_height: 900, image_alt: 'A brown cover' });
    expect(detail.image_placeholder).toMatch(/^[A-Za-z0-9+/]{8,64}={0,2}$/);
    expect(detail.image_color).toMatch(/^#[0-9a-f]{6}$/);
    // The placeholder is of this picture: its aspect ratio is the cover's (16:9), roughly.
    expect(thumbHashToApproximateAspectRatio(Buffer.from(detail.image_placeholder, 'base64'))).toBeCloseTo(16 / 9, 0);
    expect(detail.body_images.map(({ placeholder, color, ...rest }: Record<string, unknown>) => rest)).toEqual([
      { src: `${base}/one.png`, alt: 'A blue card', width: 800, height: 600 },
      { src: `${base}/two.webp`, alt: 'A green card', width: 640, height: 960 },
      { src: `${base}/three.jpg`, alt: '', width: 1200, height: 500 },
    ]);
    for (const b of detail.body_images) {
      expect(b.placeholder).toMatch(/^[A-Za-z0-9+/]{8,64}={0,2}$/);
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    // The body's tags: sizes added, the first image eager, the others lazy; everything else as published.
    expect(detail.content_html).toBe(
      `<p>Intro.</p><img src="${base}/one.png" alt="A blue card" width="800" height="600"><p>More.</p><figure><img alt="A green card" src="${base}/two.webp" width="640" height="960" loading="lazy" decoding="async" /></figure><p><img src='${base}/three.jpg' alt="" class="wide" width="1200" height="500" loading="lazy" decoding="async"></p>`,
    );

    const sync = (await get(`/v1/sync?projectId=${pid}`, bearer(key))).body;
    const synced = sync.data.items.find((i: { type: string; article?: { slug: string } }) => i.article?.slug === slug)?.article;
    expect(synced).toBeDefined();
    for (const k of ['image_width', 'image_height', 'image_placeholder', 'image_color', 'body_images', 'content_html'])
      expect(synced[k], k).toEqual(detail[k]);

    await runDueDeliveries(t.store.sql, { config: readConfig(), policy: { allowHttp: true, allowPrivate: true } });
    const hit = rx.hits.find((h) => h.body.includes(`"slug":"${slug}"`));
    expect(hit).toBeDefined();
    const event = new Webhook(secret).verify(
      hit!.body,
      Object.fromEntries(Object.entries(hit!.headers).map(([k, v]) => [k, String(v)])),
    ) as {
      data: Record<string, unknown>;
    };
    for (const k of ['image_width', 'image_height', 'image_placeholder', 'image_color', 'body_images', 'content_html'])
      expect(event.data[k], k).toEqual(detail[k]);
  });

  it('an unreachable, broken or oversized image publishes with a warning per image and goes without', async () => {
    const { pid, key } = await project();
    const slug = 'broken-images';
    const content_html = `<img src="${base}/missing.png" alt="a"><img src="${base}/not-an-image.jpg" alt="b"><img src="${base}/huge.jpg" alt="c"><img src="http://127.0.0.1:1/x.png" alt="d"><img src="${base}/moved.png"><img src="/relative.png" alt="e">`;
    const r = await publishWithImages(
      t.store.sql,
      pid,
      articleInput(slug, 'Broken images', { content_html, image_url: `${base}/missing-cover.jpg`, image_alt: 'Gone' }),
      LOCAL,
    );
    expect(r.created).toBe(true);
    expect(r.warnings).toEqual([
      `image_url ${base}/missing-cover.jpg: not measured (answered 404); published without its size and placeholder`,
      `content_html image 1 ${base}/missing.png: not measured (answered 404); published without its size`,
      `content_html image 2 ${base}/not-an-image.jpg: not measured (not an image (Input buffer contains unsupported image format)); published without its size`,
      `content_html image 3 ${base}/huge.jpg: not measured (larger than 15 MB (67108864 bytes)); published without its size`,
      'content_html image 4 http://127.0.0.1:1/x.png: not measured (connection refused); published without its size',
      `content_html image 5 ${base}/moved.png: has no alt; describe it, or give alt="" if it is decorative`,
      'content_html image 6 /relative.png: not measured (not an absolute http(s) URL); published without its size',
    ]);
    const detail = (await api(t.store)(`/v1/articles/${slug}?projectId=${pid}`, bearer(key))).body.data;
    expect(detail.image_url).toBe(`${base}/missing-cover.jpg`);
    for (const k of ['image_width', 'image_height', 'image_placeholder', 'image_color']) expect(detail).not.toHaveProperty(k);
    // The redirected one was followed (to one.png) and measured.
    expect(detail.body_images.map((b: { width?: number }) => b.width ?? null)).toEqual([null, null, null, null, 800, null]);
  });

  it('an image that does not answer in time is a warning within the time limit, not a hung publish', async () => {
    const started = Date.now();
    const { article, warnings } = await measureImages(
      articleInput('slow', 'Slow', { content_html: `<img src="${base}/slow.jpg" alt="s">` }),
      {
        policy: { allowHttp: true, allowPrivate: true },
        limits: { maxBytes: 1 << 20, timeoutMs: 300 },
      },
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(warnings).toEqual([`content_html image 1 ${base}/slow.jpg: not measured (no answer within 0.3 s); published without its size`]);
    expect(article.body_images).toEqual([{ src: `${base}/slow.jpg`, alt: 's' }]);
  });

  it('a private address is refused by the guard, no request leaving, unless SKRIBRA_WEBHOOK_ALLOW_PRIVATE allows it', async () => {
    const { pid } = await project();
    const before = hits.length;
    const r = await publishWithImages(
      t.store.sql,
      pid,
      articleInput('private', 'Private', { content_html: `<img src="${base}/one.png" alt="x">`, image_url: `${base}/cover.jpg` }),
      PRODUCTION,
    );
    expect(hits.length).toBe(before); // nothing reached the server
    const lift = '; SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 allows it for local development (in the environment of both the CLI and npm start)';
    expect(r.warnings).toEqual([
      `image_url ${base}/cover.jpg: not measured (refused: 127.0.0.1 is a loopback address${lift}); published without its size and placeholder`,
      `content_html image 1 ${base}/one.png: not measured (refused: 127.0.0.1 is a loopback address${lift}); published without its size`,
    ]);
    // A name that resolves inward is refused the same way (the resolver stands in for DNS: nothing is connected to).
    const inward = await measureImages(
      articleInput('inward', 'Inward', { content_html: '<img src="https://images.internal/x.png" alt="x">' }),
      {
        policy: { allowHttp: true, allowPrivate: false },
        resolver: async () => [{ address: '10.1.2.3', family: 4 }],
      },
    );
    expect(inward.warnings).toEqual([
      `content_html image 1 https://images.internal/x.png: not measured (refused: images.internal resolves to 10.1.2.3, which is a private address${lift}); published without its size`,
    ]);
    // The cloud metadata address is refused even when private addresses are allowed.
    const metadata = await measureImages(
      articleInput('metadata', 'Metadata', { content_html: '<img src="http://169.254.169.254/latest" alt="m">' }),
      {
        policy: { allowHttp: true, allowPrivate: true },
      },
    );
    expect(metadata.warnings).toEqual([
      'content_html image 1 http://169.254.169.254/latest: not measured (refused: 169.254.169.254 is a metadata address, never allowed (not even with SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1)); published without its size',
    ]);
    const stored = await getArticle(t.store.sql, pid, 'private');
    expect(stored).toMatchObject({ image_width: null, image_placeholder: null, body_images: [{ src: `${base}/one.png`, alt: 'x' }] });
  });

  it("what the publisher's file gives is kept: the cover's size and an <img>'s width and height", async () => {
    const { article, warnings } = await measureImages(
      articleInput('given', 'Given', {
        content_html: `<img src="${base}/one.png" alt="x" width="400" height="300">`,
        image_url: `${base}/cover.jpg`,
        image_width: 800,
        image_height: 450,
      }),
      { policy: { allowHttp: true, allowPrivate: true } },
    );
    expect(warnings).toEqual([]);
    expect(article).toMatchObject({ image_width: 800, image_height: 450, body_images: [{ width: 400, height: 300 }] });
    expect(article.image_placeholder).toBeDefined();
    expect(article.content_html).toBe(`<img src="${base}/one.png" alt="x" width="400" height="300">`);
  });
});
