// Every page of the sitemap is reachable by links from the home page, and the calls to action go to real pages: the
// build's files, followed the way a crawler follows them (href="/..." on each page it reaches), without a server.
// CI's linkinator run (scripts/check-site.ts) checks the same over HTTP, with fragments.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite, buildText } from '../helpers/built-site.ts';
import { provideSiteSettings, siteSettings } from '../../src/site/data/site-settings.ts';
import { appUrl, START_PAGE } from '../../src/site/components/app-url.ts';
import { sitemapPaths } from '../../scripts/site-check/check-links.ts';

let dist: string;
beforeAll(async () => {
  ({ distDir: dist } = await builtSite());
});

/** A page's file in the build, or undefined when the path is not a page. */
const pageHtml = (path: string): string | undefined => {
  const file = join(dist, path, 'index.html');
  return path.endsWith('/') && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};
const links = (html: string): string[] => [...html.matchAll(/\shref="(\/[^"#?]*)[^"]*"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('links between pages', () => {
  it('reach every sitemap URL from the home page', async () => {
    const reached = new Set(['/']);
    const queue = ['/'];
    while (queue.length) {
      const html = pageHtml(queue.shift()!);
      if (!html) continue;
      for (const href of links(html))
        if (!reached.has(href)) {
          reached.add(href);
          queue.push(href);
        }
    }
    const missing = sitemapPaths(await buildText(dist, '/sitemap.xml')).filter((p) => !reached.has(p));
    expect(missing).toEqual([]);
  });

  it('the footer of every page lists the integrations, each audience and each resource', () => {
    const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(pageHtml('/docs/')!)![1]!;
    for (const path of [
      '/integrations/',
      '/for/agencies/',
      '/for/saas-teams/',
      '/resources/seo-content-checklist/',
      '/resources/ai-search-readiness/',
    ])
      expect(links(footer)).toContain(path);
  });

  it('with SKRIBRA_APP_URL unset, "Start free trial", "Sign in" and the plan buttons go to the start page, which exists', () => {
    for (const path of ['/', '/pricing/', '/glossary/', '/docs/webhooks/']) {
      const html = pageHtml(path)!;
      expect(html, path).not.toMatch(/href="\/app\//);
      for (const m of html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>\s*(Start free trial|Sign in)\s*</g))
        expect(m[1], `${path}: ${m[2]}`).toBe(m[2] === 'Sign in' ? `${START_PAGE}#sign-in` : START_PAGE);
    }
    expect(pageHtml('/pricing/')).toMatch(/href="\/start\/\?plan=growth"/);
    expect(pageHtml(START_PAGE)).toContain('id="sign-in"');
  });
});

describe('appUrl', () => {
  it('names the dashboard when SKRIBRA_APP_URL is set, the start page when not', () => {
    let before: ReturnType<typeof siteSettings> | undefined;
    try {
      before = siteSettings();
    } catch {}
    const base = { contentDir: '', siteUrl: 'http://x', limits: {} as never, ogCacheDir: '', buildCacheDir: '', searchIndex: true };
    try {
      provideSiteSettings({ ...base, appUrl: 'https://app.example' });
      expect([appUrl('sign-in'), appUrl('sign-up'), appUrl('sign-up', 'a b')]).toEqual([
        'https://app.example/sign-in/',
        'https://app.example/sign-up/',
        'https://app.example/sign-up/?plan=a%20b',
      ]);
      provideSiteSettings({ ...base, appUrl: undefined });
      expect([appUrl('sign-in'), appUrl('sign-up'), appUrl('sign-up', 'growth')]).toEqual([
        '/start/#sign-in',
        '/start/',
        '/start/?plan=growth',
      ]);
    } finally {
      if (before) provideSiteSettings(before);
    }
  });
});
