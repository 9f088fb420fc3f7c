// The requests the Netlify check sends to both runtimes: every registry route (with and without a query, a missing
// slug for detail routes), the markdown twins by suffix and by Accept, site pages, machine files, every method on a
// few paths, hostile paths, 404s under each API root and the site, and the content API without, with a bad and with a
// good key. Routes come from the registry, so an endpoint added there is probed without editing this file.
import { endpoints, machineFiles, type Endpoint } from '../../src/model/endpoints/registry.ts';

export interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  group: string;
  /** Where the model of Netlify rests on behaviour it cannot confirm offline: a difference is reported, not failed. */
  unverified?: string;
}

/** Upper-case paths: the model follows netlify-cli's router (functions case-insensitive, edge paths not); unconfirmed. */
const CASE = "path case: Netlify's routing of upper-case paths is modelled on its local router, not confirmed for production";

/** Values found on the running site: real slugs, the demo key and its project (absent without a store). */
export interface MatrixContext {
  slugs: Record<string, string>;
  blogSlug?: string;
  toolSlug?: string;
  key?: string;
  projectId?: string;
  articleSlug?: string;
  siteUrl: string;
  /** Open Graph images by content (og:image): one the build wrote (the home page's), one left to the image function (a term's). */
  images?: { built?: string; onRequest?: string };
}

const MD = { accept: 'text/markdown' };
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];

function slugFor(e: Endpoint, c: MatrixContext): string | undefined {
  if (e.static?.slugs) return c.slugs[e.static.slugs];
  if (e.api === 'images') return c.images?.onRequest?.split('/').at(-1);
  if (e.api === 'content') return c.articleSlug;
  if (e.api === 'tools') return c.toolSlug;
  return c.blogSlug;
}

/** A query the endpoint reads, so the answer comes from the function rather than a static file. */
function queryFor(e: Endpoint, c: MatrixContext): string {
  const keys = e.query?.keys ?? [];
  const parts = keys.includes('projectId') ? [`projectId=${encodeURIComponent(c.projectId ?? 'none')}`] : [];
  if (keys.includes('q') && e.id === 'searchPages') parts.push('q=seo');
  if (keys.includes('format')) parts.push('format=html');
  if (keys.includes('limit')) parts.push('limit=2');
  return `?${parts.length ? parts.join('&') : 'utm_source=netlify-check'}`;
}

function registryProbes(c: MatrixContext): Probe[] {
  const out: Probe[] = [];
  for (const e of endpoints) {
    const slug = slugFor(e, c) ?? 'no-such-slug';
    const path = e.pattern.replace(/:\w+/, encodeURIComponent(slug));
    const method = e.methods[0]!;
    const headers: Record<string, string> = {};
    if (e.auth === 'account-key' && c.key) headers.authorization = `Bearer ${c.key}`;
    if (e.api === 'tools') Object.assign(headers, { origin: c.siteUrl, 'content-type': 'application/json' });
    const body = method === 'POST' ? '{}' : undefined;
    out.push(
      { group: `route ${e.id}`, method, path, headers, body },
      { group: `route ${e.id}`, method, path: path + queryFor(e, c), headers, body },
    );
    if (e.query?.keys.includes('limit')) out.push({ group: `route ${e.id}`, method, path: `${path}?limit=0`, headers, body });
    // An event stream (GET /v1/events): its refusals before a stream starts; the stream itself ends within the bound
    // run-check.ts sets (SKRIBRA_EVENTS_MAX_S), so its whole body (retry, ready) compares byte for byte.
    if (e.events) {
      const q = queryFor(e, c);
      out.push(
        { group: `route ${e.id}`, method, path: path + q, headers: {} },
        { group: `route ${e.id}`, method, path: `${path}${q}&cursor=not-a-cursor`, headers },
        { group: `route ${e.id}`, method, path: path + q, headers: { ...headers, 'last-event-id': 'not-a-cursor' } },
        { group: `route ${e.id}`, method, path: `${path}?projectId=prj_none`, headers },
      );
    }
    if (e.pattern.includes(':'))
      out.push({ group: `route ${e.id}`, method, path: e.pattern.replace(/:\w+/, 'no-such-slug'), headers, body });
  }
  return out;
}

function imageProbes(c: MatrixContext): Probe[] {
  const get = (path: string, headers?: Record<string, string>): Probe => ({ group: 'images', method: 'GET', path, headers });
  const out: Probe[] = [
    get('/og-image/0123456789abcdef.png'),
    get('/og-image/nope.png'),
    get('/og-image/'),
    get('/og/index.png'),
    get('/og-image/0123456789ABCDEF.png'),
  ];
  for (const path of [c.images?.built, c.images?.onRequest]) {
    if (!path) continue;
    out.push(get(path), get(`${path}?v=2`), { group: 'images', method: 'HEAD', path }, get(path, { accept: 'text/markdown' }));
    out.push(get(path, { 'if-none-match': `"${path.split('/').at(-1)!.slice(0, -'.png'.length)}"` }));
  }
  return out;
}

/**
 * The blog answered on request (functions/blog-pages.mts on Netlify, src/request/blog/live-blog.ts on both): an article's
 * page, its twin by suffix and by Accept, the bare path's 301, a missing slug, the index and its second page, the
 * feed, the cards, the sitemap and llms files, and paths of the blog's namespace that name no answer.
 */
function blogProbes(c: MatrixContext): Probe[] {
  const slug = c.blogSlug ?? 'no-such-article';
  const get = (path: string, headers?: Record<string, string>): Probe => ({ group: 'blog', method: 'GET', path, headers });
  return [
    get(`/blog/${slug}/`),
    get(`/blog/${slug}.md`),
    get(`/blog/${slug}/`, MD),
    get(`/blog/${slug}`),
    get(`/blog/${slug}/?utm_source=x`),
    { group: 'blog', method: 'HEAD', path: `/blog/${slug}/` },
    get(`/blog/${slug}/`, { 'if-none-match': '*' }),
    get('/blog/no-such-article/'),
    get('/blog/no-such-article.md'),
    get('/blog/no-such-article/', MD),
    get('/blog/'),
    get('/blog'),
    get('/blog/', MD),
    get('/blog/page/2/'),
    get('/blog/page/2.md'),
    get('/blog/page/2'),
    get('/blog/page/1/'),
    get('/blog/page/999/'),
    get('/blog/rss.xml'),
    get('/sitemap.xml'),
    get('/sitemaps/blog-1.xml'),
    get('/llms.txt'),
    get('/llms-full.txt'),
    get(`/og/blog/${slug}.png`),
    get(`/covers/blog/${slug}.png`),
    get('/og/blog/page/2.png'),
    get('/og/blog/no-such-article.png'),
    get('/blog/a/b/'),
    get('/blog/a/b.md'),
    get('/blog/Not-A-Slug/'),
    { ...get(`/BLOG/${slug}/`), unverified: CASE },
  ];
}

export function buildMatrix(c: MatrixContext): Probe[] {
  const term = c.slugs.terms ?? 'seo';
  const page = `/glossary/${term}/`;
  const blog = c.blogSlug ? `/blog/${c.blogSlug}/` : '/blog/';
  const get = (group: string, path: string, headers?: Record<string, string>): Probe => ({ group, method: 'GET', path, headers });
  const probes: Probe[] = [
    ...registryProbes(c),
    // Markdown twins, by suffix and by Accept (q-values decide; a tie keeps HTML).
    ...[`/glossary/${term}.md`, '/index.md', '/glossary.md', '/blog.md', '/nope.md', '/404.md'].map((p) => get('markdown', p)),
    ...['/', '/glossary/', page, page.slice(0, -1), blog, '/nope/', '/nope', '/llms.txt', '/index.html'].map((p) => get('markdown', p, MD)),
    get('markdown', page, { accept: 'text/markdown;q=0.5, text/html' }),
    get('markdown', page, { accept: 'text/html;q=0.5, text/markdown' }),
    get('markdown', page, { accept: '*/*' }),
    { group: 'markdown', method: 'HEAD', path: page, headers: MD },
    // Conditional requests on every kind of answer (a twin by suffix and by Accept, a page, a machine file, a static
    // API answer, the 404 page): `*` holds any current representation, so a 200 is 304 on both sides, decided by
    // core/conditional.ts everywhere (the Netlify static store, the edge function, the local origin).
    ...[[`/glossary/${term}.md`], [page, MD], [page], ['/llms.txt'], ['/api/v1/glossary'], ['/nope/']].flatMap(([path, accept]) =>
      ['*', '"nope"'].map((tag) => get('conditional', path as string, { ...(accept as object), 'if-none-match': tag })),
    ),
    // Site pages, with and without a query, and the folder redirects.
    ...[
      '/',
      '/glossary/',
      page,
      page.slice(0, -1),
      '/glossary',
      '/glossary?ref=x',
      `${page}?utm_source=x`,
      blog,
      '/tools/',
      '/docs/',
      '/index.html',
      '/404.html',
      '/favicon.svg',
    ].map((p) => get('site', p)),
    // Machine-readable files, from the registry's table.
    ...machineFiles.flatMap((f) => [get('machine', f.path), { group: 'machine', method: 'HEAD', path: f.path }]),
    // Open Graph images: one the build wrote (a static file on Netlify, `preferStatic`), one the function renders on
    // request (its bytes equal on both sides), conditional and HEAD requests, a well-formed key no page has, a bad
    // name, the readable path of a written image.
    ...imageProbes(c),
    ...blogProbes(c),
    // Every method on a few paths.
    ...[
      '/',
      page,
      '/llms.txt',
      '/.well-known/api-catalog',
      '/api/v1/glossary',
      `/api/v1/glossary/${term}`,
      blog,
      '/api/v1/health',
      '/api/v1/articles',
      '/v1/projects',
      `/tools-api/${c.toolSlug ?? 'x'}`,
      ...[c.images?.built, c.images?.onRequest].filter((p): p is string => !!p),
    ].flatMap((path) =>
      METHODS.map(
        (method): Probe => ({
          group: 'methods',
          method,
          path,
          ...(method === 'POST' || method === 'PUT' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        }),
      ),
    ),
    // Hostile paths: NUL, traversal, doubled slashes, bad encoding, very long.
    ...[
      '/%00',
      '/glossary/%00/',
      '/api/v1/glossary/%00',
      '/api/v1/glossary/a%00b',
      '/v1/articles/%00',
      '/glossary/..%2F..%2Fetc%2Fpasswd',
      '/glossary/../llms.txt',
      '/api/v1/../llms.txt',
      '//glossary//',
      '//api/v1/glossary',
      '/api/v1//glossary',
      '/api/v1/glossary/%zz',
      '/glossary/%zz/',
      '/api/v1/search?q=%00',
      `/api/v1/search?q=${'a'.repeat(3000)}`,
      `/api/v1/glossary/${'a'.repeat(3000)}`,
      `/${'x'.repeat(3000)}`,
      '/glossary/%E2%82%AC/',
      '/api/v1/glossary?limit=99999999999999999999',
      '/api/v1/glossary/%2e%2e/tools',
      '/.env',
      '/_skribra/catalog-core.json',
      '/_headers',
      '/_redirects',
    ].map((p) => get('hostile', p)),
    ...['/API/V1/glossary', '/V1/projects'].map((p): Probe => ({ ...get('hostile', p), unverified: CASE })),
    // Unknown paths under each API root and the site, and the functions' own mount points.
    ...[
      '/api/v1/nope',
      '/api/v1/nope/deeper',
      '/api/v1/glossary/nope',
      '/api/v1/articlesx',
      '/v1',
      '/v1/',
      '/v1/nope',
      '/tools-api',
      '/tools-api/',
      '/tools-api/nope',
      '/nope',
      '/nope/',
      '/glossary/nope/',
      '/_fn/public/api/v1/glossary/nope',
      '/_fn/public/api/v1/health',
      '/_fn/blog/api/v1/articles',
      '/.netlify/functions/content-api',
    ].map((p) => get('404', p)),
    // The content API's keys.
    get('keys', '/v1/projects'),
    get('keys', '/v1/projects', { authorization: 'Bearer sk_live_not_a_key' }),
    get('keys', '/v1/projects', { authorization: 'Basic c2s6eA==' }),
    get('keys', `/v1/articles?projectId=${c.projectId ?? 'x'}`, { authorization: 'Bearer sk_live_not_a_key' }),
    get('keys', '/v1/nope', { authorization: 'Bearer sk_live_not_a_key' }),
  ];
  return probes;
}
