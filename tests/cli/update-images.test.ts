// `skribra article update --set content_html=...` (or image_url) measures the new images as article publish does:
// each <img> of the new body gets its width, height, placeholder and colour in body_images and its size and lazy
// loading on the tag; a new cover is measured and a stale cover's measurements do not stay; an image that cannot be
// fetched is a warning and the edit goes through; without the local-development setting the guard refuses loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { skribra } from '../helpers/cli.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { getArticle } from '../../src/store/repos/articles.ts';
import { findImages } from '../../src/model/images/img-tags.ts';

let t: TestStore;
let images: Server;
let base: string;
const requested: string[] = [];
const files = mkdtempSync(join(tmpdir(), 'skribra-update-images-'));
const SIZES: Record<string, [number, number, string]> = {
  '/one.png': [640, 400, '#aa3311'],
  '/two.png': [300, 500, '#1144aa'],
  '/three.png': [800, 200, '#22aa55'],
  '/cover.png': [1600, 900, '#333333'],
};

beforeAll(async () => {
  t = await openTestStore({ embedded: !process.env.DATABASE_URL });
  const bytes = new Map<string, Buffer>();
  for (const [path, [width, height, background]] of Object.entries(SIZES))
    bytes.set(
      path,
      await sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  images = createServer((req, res) => {
    requested.push(req.url!);
    const b = bytes.get(req.url!);
    if (b) res.writeHead(200, { 'content-type': 'image/png' }).end(b);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => images?.close(r));
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

async function publishedArticle() {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Edits', apiEnabled: true });
  const file = join(files, `${pid}.json`);
  writeFileSync(file, JSON.stringify({ title: 'Edited', slug: 'edited', content_html: '<p>No pictures yet.</p>' }));
  const r = await skribra(['article', 'publish', '--project', pid, '--file', file], { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' });
  expect(r.code).toBe(0);
  return pid;
}

const body = (srcs: string[]) => `<p>Intro.</p>${srcs.map((s, i) => `<p><img src="${base}${s}" alt="Picture ${i + 1}"></p>`).join('')}`;

describe('skribra article update measures new images', () => {
  it('a new content_html gets width, height, placeholder and colour for each <img>, and the tags their size and lazy loading', async () => {
    const pid = await publishedArticle();
    const env = { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' };
    const r = await skribra(
      [
        'article',
        'update',
        '--project',
        pid,
        '--slug',
        'edited',
        '--set',
        `content_html=${body(['/one.png', '/two.png', '/three.png'])}`,
        '--json',
      ],
      env,
    );
    expect(r.code).toBe(0);
    expect(r.out.updated).toEqual(['content_html']);
    expect(r.out.measured).toEqual(['body_images']);
    expect(r.out).not.toHaveProperty('warnings');
    const stored = await getArticle(t.store.sql, pid, 'edited');
    expect(stored!.body_images).toEqual(
      ['/one.png', '/two.png', '/three.png'].map((s, i) => ({
        src: `${base}${s}`,
        alt: `Picture ${i + 1}`,
        width: SIZES[s]![0],
        height: SIZES[s]![1],
        placeholder: expect.stringMatching(/^[A-Za-z0-9+/]{20,}={0,2}$/),
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      })),
    );
    expect(findImages(stored!.content_html).map(({ width, height }) => [width, height])).toEqual([
      [640, 400],
      [300, 500],
      [800, 200],
    ]);
    expect(stored!.content_html).toContain(`<img src="${base}/one.png" alt="Picture 1" width="640" height="400">`);
    expect(stored!.content_html).toContain(
      `<img src="${base}/two.png" alt="Picture 2" width="300" height="500" loading="lazy" decoding="async">`,
    );

    // Another body: the images it drops leave body_images, an unreachable one is a warning and goes without a size.
    const again = await skribra(
      ['article', 'update', '--project', pid, '--slug', 'edited', '--set', `content_html=${body(['/three.png', '/gone.png'])}`],
      env,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      `updated content_html of edited\nwarning: content_html image 2 ${base}/gone.png: not measured (answered 404); published without its size\n`,
    );
    const after = await getArticle(t.store.sql, pid, 'edited');
    expect(after!.body_images.map((b) => [b.src.slice(base.length), b.width ?? null, b.placeholder ? 'ph' : null])).toEqual([
      ['/three.png', 800, 'ph'],
      ['/gone.png', null, null],
    ]);
  });

  it('a new image_url measures the cover; an unmeasurable one clears the old measurements; other edits fetch nothing', async () => {
    const pid = await publishedArticle();
    const env = { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' };
    const r = await skribra(
      ['article', 'update', '--project', pid, '--slug', 'edited', '--set', `image_url=${base}/cover.png`, '--json'],
      env,
    );
    expect(r.code).toBe(0);
    expect(await getArticle(t.store.sql, pid, 'edited')).toMatchObject({
      image_width: 1600,
      image_height: 900,
      image_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      image_placeholder: expect.any(String),
    });

    const gone = await skribra(
      ['article', 'update', '--project', pid, '--slug', 'edited', '--set', `image_url=${base}/gone.png`, '--json'],
      env,
    );
    expect(gone.code).toBe(0);
    expect(gone.out.warnings).toEqual([
      `image_url ${base}/gone.png: not measured (answered 404); published without its size and placeholder`,
    ]);
    expect(await getArticle(t.store.sql, pid, 'edited')).toMatchObject({
      image_width: null,
      image_height: null,
      image_placeholder: null,
      image_color: null,
    });

    const before = requested.length;
    const title = await skribra(['article', 'update', '--project', pid, '--slug', 'edited', '--set', 'title=Renamed', '--json'], env);
    expect(title.code).toBe(0);
    expect(title.out.updated).toEqual(['title']);
    expect(title.out).not.toHaveProperty('measured');
    expect(requested.length).toBe(before);
  });

  it('the guard refuses loopback images without the local-development setting: a warning each, the edit made, no request sent', async () => {
    const pid = await publishedArticle();
    const before = requested.length;
    const r = await skribra(
      ['article', 'update', '--project', pid, '--slug', 'edited', '--set', `content_html=${body(['/one.png'])}`, '--json'],
      {
        ...t.env,
        SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '0',
      },
    );
    expect(r.code).toBe(0);
    expect(r.out.warnings).toHaveLength(1);
    expect(r.out.warnings[0]).toMatch(
      /^content_html image 1 http:\/\/127\.0\.0\.1:\d+\/one\.png: not measured \(refused: 127\.0\.0\.1 is a loopback address; /,
    );
    expect(requested.length).toBe(before);
    const stored = await getArticle(t.store.sql, pid, 'edited');
    expect(stored!.body_images).toEqual([{ src: `${base}/one.png`, alt: 'Picture 1' }]);
  });
});
