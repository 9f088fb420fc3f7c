// The outside checkers CI runs over a build (scripts/check-site.ts) find what they are there for and say where: the
// Nu HTML Checker a repeated id by page and line, linkinator a dead link and a missing fragment by the page that
// links and its line, and a sitemap URL no link reaches. Over a copy of the test run's build with those faults added.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { checkHtml } from '../../scripts/site-check/check-html.ts';
import { checkLinks } from '../../scripts/site-check/check-links.ts';
import { freePort } from '../../src/store/free-port.ts';
import { readConfig } from '../../src/model/config.ts';
import { livePart } from '../../src/request/blog/live-files.ts';

let dist: string;
beforeAll(async () => {
  const { distDir } = await builtSite();
  dist = mkdtempSync(join(tmpdir(), 'skribra-site-check-'));
  cpSync(distDir, dist, { recursive: true });
  const about = join(dist, 'about/index.html');
  const html = readFileSync(about, 'utf8').replace(
    '<h1',
    '<p id="twice">a</p><p id="twice">b</p>\n<a href="/no-such-page/">dead</a> <a href="/docs/webhooks/#no-such-part">part</a>\n<h1',
  );
  writeFileSync(about, html);
  mkdirSync(join(dist, 'orphan'));
  writeFileSync(join(dist, 'orphan/index.html'), '<!doctype html><html lang="en"><title>Orphan</title><h1>Orphan</h1></html>');
  // The sitemap's last part (its blog part, and the rest is answered on request: src/request/blog/live-files.ts).
  const sitemapEnd = join(dist, livePart('/sitemap.xml', 'after'));
  writeFileSync(
    sitemapEnd,
    readFileSync(sitemapEnd, 'utf8').replace('</urlset>', '<url><loc>http://localhost:4321/orphan/</loc></url></urlset>'),
  );
}, 180_000);
afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const lineOfText = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('the site checkers', () => {
  it('the Nu HTML Checker names the page and line of a repeated id, and nothing else', () => {
    const { files, problems } = checkHtml(dist, (path) => ['/about/', '/', '/docs/webhooks/'].includes(path));
    expect(files).toBe(3);
    const line = lineOfText(readFileSync(join(dist, 'about/index.html'), 'utf8'), 'id="twice">b');
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^/about/ \\(line ${line}, column \\d+\\): Duplicate ID “twice”`))]);
  }, 120_000);

  it('linkinator names a dead link and a missing fragment by page and line, and a sitemap URL nothing links to', async () => {
    const { problems } = await checkLinks(dist, `http://127.0.0.1:${await freePort()}`, readConfig());
    const line = lineOfText(readFileSync(join(dist, 'about/index.html'), 'utf8'), '/no-such-page/');
    expect(problems).toEqual(
      expect.arrayContaining([
        `/about/ (line ${line}): /no-such-page/: HTTP 404`,
        expect.stringMatching(new RegExp(`^/about/ \\(line ${line}\\): /docs/webhooks/#no-such-part: `)),
        '/orphan/: in the sitemap, but no page a crawl from / reaches links to it',
      ]),
    );
    expect(problems).toHaveLength(3);
  }, 120_000);
});
