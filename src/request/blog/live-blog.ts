// The blog's answers on request: what the store decides (the article pages and their twins, the index pages, the
// feed, and the blog's part of the sitemap and llms files) is read from the store when asked, and rendered by the
// same templates and functions the build used. Each answer carries the cache tags a change of the store purges
// (cache-tags.ts); the data is read here, before any template runs, so a page only renders (DESIGN: pure inside).
import type { ArticleSummary } from '../api/public/article-source.ts';
import { paths } from '../../model/core/urls.ts';
import { markdownHeaders, MARKDOWN_TYPE, prefersMarkdown } from '../../model/core/negotiate.ts';
import type { ArticleMedia } from './article-media.ts';
import { articleTwin, indexTwin } from './blog-twins.ts';
import { blogIndexPages, FEED_PATH, type BlogIndexPage } from './blog-index.ts';
import { articleTag, BLOG_LISTS, taggedHeaders } from '../../model/core/cache-tags.ts';
import { isLiveFile, liveFile } from './live-files.ts';
import type { FullArticle } from './public-article.ts';
import { rssXml } from './rss-xml.ts';
import type { StoreArticleSource } from './store-article-source.ts';

/** The build's on-request pages (src/build-time/render-bundle.ts loads them): a request and its page's data. */
export type RenderPage = (req: Request, locals: App.Locals) => Promise<Response>;

/** What an on-request blog page renders (App.Locals.blog), read from the store before it renders. */
export type BlogLocals = { page: 'article'; article: FullArticle; media: ArticleMedia } | { page: 'index'; index: BlogIndexPage };

/** How the path asks for a page: the page itself, its `.md` twin, or the page's path without its final slash. */
type Form = 'page' | 'twin' | 'bare';
export type LiveRoute =
  | { kind: 'article'; slug: string; form: Form }
  | { kind: 'index'; n: number; form: Form }
  | { kind: 'feed' }
  | { kind: 'file'; path: string }
  | { kind: 'card'; slug: string; card: CardKind }
  | { kind: 'index-card'; n: number };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const INDEX_PAGE = /^\/blog\/page\/([1-9][0-9]{0,5})(\/|\.md)?$/;
const ARTICLE = /^\/blog\/([^/]+?)(\/|\.md)?$/;
/** An article's drawn card: its Open Graph image (`og`), and the half-size cover on the index's cards (`covers`). */
export type CardKind = 'og' | 'covers';
const CARD = /^\/(og|covers)\/blog\/([^/]+)\.png$/;
/** A page of the index's Open Graph image (page 1's, /og/blog.png, is the build's: it says no more than the title). */
const INDEX_CARD = /^\/og\/blog\/page\/([1-9][0-9]{0,5})\.png$/;
const formOf = (end: string | undefined): Form => (end === '/' ? 'page' : end === '.md' ? 'twin' : 'bare');

/** The blog route a decoded path names, or undefined for every other path (the build's files answer those). */
export function liveRoute(path: string): LiveRoute | undefined {
  if (isLiveFile(path)) return { kind: 'file', path };
  if (path === FEED_PATH) return { kind: 'feed' };
  const indexCard = INDEX_CARD.exec(path);
  if (indexCard) return Number(indexCard[1]) > 1 ? { kind: 'index-card', n: Number(indexCard[1]) } : undefined;
  const card = CARD.exec(path);
  if (card) return SLUG.test(card[2]!) ? { kind: 'card', slug: card[2]!, card: card[1] as CardKind } : undefined;
  if (path === paths.blog || path === '/blog.md' || path === '/blog')
    return { kind: 'index', n: 1, form: formOf(path.slice(5) || undefined) };
  const page = INDEX_PAGE.exec(path);
  if (page) return Number(page[1]) > 1 ? { kind: 'index', n: Number(page[1]), form: formOf(page[2]) } : undefined;
  const article = ARTICLE.exec(path);
  if (article && SLUG.test(article[1]!) && article[1] !== 'page') return { kind: 'article', slug: article[1]!, form: formOf(article[2]) };
  return undefined;
}

export interface LiveBlogDeps {
  /** The house blog in the store; undefined when the origin has no store (the blog is then empty). */
  source: Pick<StoreArticleSource, 'getWithMedia' | 'summaries'> | undefined;
  /** The build's on-request pages (render-bundle.ts). */
  render: RenderPage;
  /** SITE_URL without a trailing slash. */
  site: string;
  /** A file of the served build as text (the live files' parts). */
  read: (path: string) => string | undefined;
  /** The site's Content-Signal value for markdown answers. */
  signal?: string;
  /** Draws an article's card, or an index page's, with the build's renderer (src/request/seo/); without it they are 404. */
  drawCard?: (of: { article: FullArticle } | { index: BlogIndexPage }, card: CardKind) => Promise<Uint8Array>;
}

/** The answer to a blog request while the store cannot be read: the caller serves its error page, 502. */
export class BlogUnavailable extends Error {}

const text = (body: string, type: string, tags: string[], status = 200, more: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': type, ...taggedHeaders(tags), ...more } });

const png = (bytes: Uint8Array, tags: string[]) =>
  new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/png', ...taggedHeaders(tags) } });

const notFound = (tags: string[]) => new Response(null, { status: 404, headers: taggedHeaders(tags) });

/**
 * The whole answer to a GET of `route` (the caller answers HEAD and conditional requests from it, and caches it by
 * its tags). A 404 has no body: the caller gives it the site's 404 page. Throws BlogUnavailable when the store
 * cannot be read.
 */
export async function answerLive(req: Request, route: LiveRoute, deps: LiveBlogDeps): Promise<Response> {
  const read = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw new BlogUnavailable((err as Error).message);
    }
  };
  const summaries = () => read(async () => (deps.source ? deps.source.summaries() : ([] as ArticleSummary[])));
  const markdown = (body: string, tags: string[]) => text(body, MARKDOWN_TYPE, tags, 200, markdownHeaders(body, deps.signal));
  const wantsTwin = (form: Form) => form === 'twin' || (form === 'page' && prefersMarkdown(req.headers.get('accept')));
  const negotiated = (form: Form): Record<string, string> => (form === 'page' ? { vary: 'Accept' } : {});
  const page = async (locals: App.Locals, tags: string[], form: Form) => {
    const res = await deps.render(req, locals);
    const headers = new Headers(res.headers);
    const more = { 'content-type': 'text/html; charset=utf-8', ...taggedHeaders(tags), ...negotiated(form) };
    for (const [k, v] of Object.entries(more)) headers.set(k, v);
    // The page is whole (not streamed): its text, not its body's stream, goes on.
    return new Response(await res.text(), { status: res.status, headers });
  };
  const moved = (to: string, tags: string[]) => new Response(null, { status: 301, headers: { location: to, ...taggedHeaders(tags) } });

  switch (route.kind) {
    case 'file': {
      const body = await liveFile(route.path, await summaries(), deps.site, deps.read);
      const type = route.path.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8';
      return body === undefined ? notFound([BLOG_LISTS]) : text(body, type, [BLOG_LISTS]);
    }
    case 'feed':
      return text(rssXml(deps.site, await summaries()), 'application/rss+xml; charset=utf-8', [BLOG_LISTS]);
    case 'index': {
      const index = await read(() => indexPage(deps.source, route.n));
      if (!index) return notFound([BLOG_LISTS]);
      if (route.form === 'bare') return moved(index.path, [BLOG_LISTS]);
      if (wantsTwin(route.form)) return markdown(indexTwin(deps.site, index), [BLOG_LISTS]);
      return page({ blog: { page: 'index', index } }, [BLOG_LISTS], route.form);
    }
    case 'card': {
      const found = deps.drawCard && (await read(async () => deps.source?.getWithMedia(route.slug)));
      if (!found) return notFound([articleTag(route.slug)]);
      return png(await deps.drawCard!({ article: found.article }, route.card), [articleTag(route.slug)]);
    }
    case 'index-card': {
      const index = deps.drawCard && (await read(() => indexPage(deps.source, route.n)));
      if (!index) return notFound([BLOG_LISTS]);
      return png(await deps.drawCard!({ index }, 'og'), [BLOG_LISTS]);
    }
    case 'article': {
      const found = await read(async () => deps.source?.getWithMedia(route.slug));
      const own = articleTag(route.slug);
      if (!found) return notFound([own]);
      const tags = [own, ...found.related.map(articleTag)];
      if (route.form === 'bare') return moved(`${paths.blog}${route.slug}/`, tags);
      const res = wantsTwin(route.form)
        ? markdown(articleTwin(found.article), tags)
        : await page({ blog: { page: 'article', article: found.article, media: found.media } }, tags, route.form);
      // Readable and listed, kept out of search indexes (the sitemap leaves it out too: live-files.ts).
      if (found.noindex) res.headers.set('x-robots-tag', 'noindex');
      return res;
    }
  }
}

/** Page `n` of the /blog/ index from the store; undefined past the last. */
export async function indexPage(source: LiveBlogDeps['source'], n: number): Promise<BlogIndexPage | undefined> {
  return blogIndexPages(source ? await source.summaries() : [])[n - 1];
}

/** What the page `route` renders (`npm run dev`'s blog pages read it too); undefined when there is no such page. */
export async function pageLocals(source: LiveBlogDeps['source'], route: LiveRoute): Promise<BlogLocals | undefined> {
  if (route.kind === 'index') {
    const index = await indexPage(source, route.n);
    return index && { page: 'index', index };
  }
  if (route.kind !== 'article') return undefined;
  const found = await source?.getWithMedia(route.slug);
  return found && { page: 'article', article: found.article, media: found.media };
}
