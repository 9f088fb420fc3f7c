// The cache tags of the blog's answers (its on-request pages and files, and the public API's articles), and what a
// change of one article purges. One naming, read by the answers (which carry the tags), the purge worker (which sends
// them to the CDN) and the local origin's cache.

/** Every answer that lists articles (/blog/ and its pages, the feed, the sitemap, llms files), and the API's. */
export const BLOG_LISTS = 'blog';

/** One article's answers (page, twin, API detail, cover) and the pages that show it as a related article. */
export const articleTag = (slug: string): string => `blog/${slug}`;

/** What a change of the article at `slug` (publish, edit, unpublish, redirect, retire, noindex) purges. */
export const changeTags = (slug: string): string[] => [articleTag(slug), BLOG_LISTS];

/** Netlify's limits: at most 500 tags a response, 1,024 characters a tag. */
export const MAX_TAGS = 500;
export const MAX_TAG_LENGTH = 1024;

/** A year: a tagged answer stays in a shared cache until a change purges it. */
const SHARED_S = 31_536_000;
/** A shared cache may answer from a stale copy this long while the store is away (never purged by a failure). */
const STALE_IF_ERROR_S = 86_400;

/**
 * The headers of a tagged on-request answer: browsers revalidate every time (ETag), shared caches keep it until a
 * purge (Netlify durable, other CDNs by the conventional headers), and every cache names the same tags.
 */
export function taggedHeaders(tags: readonly string[]): Record<string, string> {
  const shared = `public, s-maxage=${SHARED_S}, stale-if-error=${STALE_IF_ERROR_S}`;
  return {
    'cache-control': 'public, max-age=0, must-revalidate',
    'netlify-cdn-cache-control': `public, durable, s-maxage=${SHARED_S}, stale-while-revalidate=60, stale-if-error=${STALE_IF_ERROR_S}`,
    'cdn-cache-control': shared,
    'surrogate-control': `max-age=${SHARED_S}, stale-if-error=${STALE_IF_ERROR_S}`,
    ...tagHeaders(tags),
  };
}

/** The tags alone, in each cache's header (within Netlify's limits), for an answer whose lifetimes are its own. */
export function tagHeaders(tags: readonly string[]): Record<string, string> {
  const kept = [...new Set(tags)].filter((t) => t.length <= MAX_TAG_LENGTH).slice(0, MAX_TAGS);
  return { 'netlify-cache-tag': kept.join(','), 'cache-tag': kept.join(','), 'surrogate-key': kept.join(' ') };
}

/** The tags a response carries (its Cache-Tag header), for the local origin's cache. */
export const tagsOf = (headers: globalThis.Headers): string[] =>
  (headers.get('cache-tag') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
