// `skribra article publish` measures the article's images: an image it cannot fetch is printed as a warning (and is
// in --json), the article is published all the same; a re-publish whose file leaves out the measured fields clears
// nothing and needs no --replace, since they are measured again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { openTestStore, uniq, type TestStore } from './helpers.ts';
import { skribra } from '../helpers/cli.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { getArticle } from '../../src/store/repos/articles.ts';

let t: TestStore;
let images: Server;
let base: string;
const files = mkdtempSync(join(tmpdir(), 'skribra-cli-images-'));
const file = (name: string, body: unknown) => {
  const f = join(files, name);
  writeFileSync(f, JSON.stringify(body));
  return f;
};

beforeAll(async () => {
  t = await openTestStore({ embedded: !process.env.DATABASE_URL });
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  images = createServer((req, res) => (req.url === '/a.png' ? res.writeHead(200).end(png) : res.writeHead(404).end()));
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => images?.close(r));
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('skribra article publish with images', () => {
  it('prints a warning per image it cannot measure, publishes anyway, and a re-publish clears nothing measured', async () => {
    const acc = await createAccount(t.store.sql, uniq('acc'));
    const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Images', apiEnabled: true });
    const env = { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' };
    const article = {
      title: 'Pictures',
      slug: 'pictures',
      content_html: `<p>x</p><img src="${base}/a.png" alt="Blue"><img src="${base}/gone.png" alt="Gone">`,
      image_url: `${base}/a.png`,
      image_alt: 'Blue cover',
    };
    const human = await skribra(['article', 'publish', '--project', pid, '--file', file('p.json', article)], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^published pictures \(art_\w+\)\n/);
    expect(human.stdout).toContain(
      `\nwarning: content_html image 2 ${base}/gone.png: not measured (answered 404); published without its size\n`,
    );
    const stored = await getArticle(t.store.sql, pid, 'pictures');
    expect(stored).toMatchObject({ image_width: 320, image_height: 200, image_color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(stored!.body_images.map((b) => b.width ?? null)).toEqual([320, null]);

    // The same file again: nothing "would be cleared" (the measurements are measured again), and --json has the warning.
    const again = await skribra(['article', 'publish', '--project', pid, '--file', file('p.json', article), '--json'], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatchObject({
      slug: 'pictures',
      created: false,
      warnings: [`content_html image 2 ${base}/gone.png: not measured (answered 404); published without its size`],
    });
    expect(again.out).not.toHaveProperty('cleared');

    // Without the local-development setting the guard refuses the loopback images: warnings, no sizes, published.
    const refused = await skribra(['article', 'publish', '--project', pid, '--file', file('p.json', article), '--json'], {
      ...t.env,
      SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '0',
    });
    expect(refused.code).toBe(0);
    expect(refused.out.warnings).toHaveLength(3);
    expect(refused.out.warnings[0]).toMatch(
      /^image_url http:\/\/127\.0\.0\.1:\d+\/a\.png: not measured \(refused: 127\.0\.0\.1 is a loopback address; /,
    );
    expect(await getArticle(t.store.sql, pid, 'pictures')).toMatchObject({ image_width: null, image_placeholder: null });
  });
});
