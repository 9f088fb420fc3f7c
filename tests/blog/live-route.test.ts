// Which paths the blog answers on request (src/request/blog/live-blog.ts): its pages in their three forms, its index pages,
// feed, cards and live files; nothing else, whatever the path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveRoute } from '../../src/request/blog/live-blog.ts';

describe('the blog routes answered on request', () => {
  it.each([
    ['/blog/', { kind: 'index', n: 1, form: 'page' }],
    ['/blog.md', { kind: 'index', n: 1, form: 'twin' }],
    ['/blog', { kind: 'index', n: 1, form: 'bare' }],
    ['/blog/page/2/', { kind: 'index', n: 2, form: 'page' }],
    ['/blog/page/2.md', { kind: 'index', n: 2, form: 'twin' }],
    ['/blog/seo-basics/', { kind: 'article', slug: 'seo-basics', form: 'page' }],
    ['/blog/seo-basics.md', { kind: 'article', slug: 'seo-basics', form: 'twin' }],
    ['/blog/seo-basics', { kind: 'article', slug: 'seo-basics', form: 'bare' }],
    ['/blog/rss.xml', { kind: 'feed' }],
    ['/og/blog/seo-basics.png', { kind: 'card', slug: 'seo-basics', card: 'og' }],
    ['/covers/blog/seo-basics.png', { kind: 'card', slug: 'seo-basics', card: 'covers' }],
    ['/og/blog/page/3.png', { kind: 'index-card', n: 3 }],
    ['/llms.txt', { kind: 'file', path: '/llms.txt' }],
    ['/sitemap.xml', { kind: 'file', path: '/sitemap.xml' }],
    ['/sitemaps/blog-2.xml', { kind: 'file', path: '/sitemaps/blog-2.xml' }],
  ])('%s', (path, route) => expect(liveRoute(path)).toEqual(route));

  it.each([
    '/blog/page/1/',
    '/blog/page/',
    '/blog/page',
    '/blog/Upper/',
    '/blog/a--b/',
    '/blog/a/b/',
    '/blog/x.png',
    '/og/blog.png',
    '/og/blog/page/1.png',
    '/sitemaps/glossary-1.xml',
    '/glossary/',
  ])('%s is not the blog’s', (path) => expect(liveRoute(path)).toBeUndefined());

  it('any path: no throw, and a slug is always one the store could hold', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/blog/${s}`),
          fc.string().map((s) => `/og/blog/${s}.png`),
        ),
        (path) => {
          const route = liveRoute(path);
          if (route && 'slug' in route) expect(route.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
