// Rows of the blog project to the public ArticleSummary and Article of spec 2.2. Pure: the API, the pages, the
// twins and the feed all go through here, so they agree.
import type { ArticleSummary, PublicArticle } from '../api/public/article-source.ts';
import { markdownPath, paths } from '../core/urls.ts';
import type { ArticleRow, SummaryRow } from '../store/repos/articles.ts';
import { articleJsonLd } from './article-json-ld.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { tocHtml } from './toc-html.ts';
import { sanitizeHtml } from '../markdown/sanitize-html.ts';

export type FullArticle = Required<Pick<PublicArticle, 'content_markdown' | 'content_html' | 'toc_html' | 'json_ld' | 'related_articles'>> &
  PublicArticle;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : undefined);

interface SafeBody {
  html: string;
  toc: string;
  markdown: string;
}

/**
 * An article's bodies as our site may show them: the stored HTML is written by agents that read the web, so it is
 * sanitised before anything renders or converts it (DESIGN rule 12), and the markdown is converted from the
 * sanitised HTML. Kept by article version: the work is most of a detail request's CPU, and an article's HTML only
 * changes with its updated_at. Bounded; the oldest entry goes first.
 */
const bodies = new Map<string, SafeBody>();
const MAX_BODIES = 500;
function safeBody(r: Pick<ArticleRow, 'id' | 'updated_at' | 'content_html' | 'toc_html'>): SafeBody {
  const key = `${r.id}@${new Date(r.updated_at).getTime()}`;
  let body = bodies.get(key);
  if (body === undefined) {
    const html = sanitizeHtml(r.content_html);
    body = { html, toc: r.toc_html ? sanitizeHtml(r.toc_html) : tocHtml(html), markdown: htmlToMarkdown(html) };
    if (bodies.size >= MAX_BODIES) bodies.delete(bodies.keys().next().value!);
    bodies.set(key, body);
  }
  return body;
}

export function toArticleSummary(r: SummaryRow, site: string): ArticleSummary {
  const path = paths.article(r.slug);
  const s: ArticleSummary = {
    id: r.id,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt ?? undefined,
    image_url: r.image_url ?? undefined,
    type: r.type ?? undefined,
    reading_time: r.reading_time ?? undefined,
    published_at: iso(r.published_at),
    updated_at: iso(r.updated_at),
    url: `${site}${path}`,
    markdown_url: `${site}${markdownPath(path)}`,
    image_alt: r.image_alt ?? undefined,
    image_width: r.image_width ?? undefined,
    image_height: r.image_height ?? undefined,
    tags: r.tags?.length ? [...r.tags] : undefined,
    author: r.author ?? undefined,
    language: r.language ?? undefined,
  };
  for (const k of Object.keys(s) as (keyof ArticleSummary)[]) if (s[k] === undefined) delete s[k];
  return s;
}

/** The stored related list names slugs; only those still publicly visible are kept, in the stored order. */
export function relatedSlugs(r: Pick<ArticleRow, 'related_articles' | 'slug'>): string[] {
  const slugs = (Array.isArray(r.related_articles) ? r.related_articles : [])
    .map((x) => (x && typeof x === 'object' ? (x as { slug?: unknown }).slug : undefined))
    .filter((s): s is string => typeof s === 'string' && s !== r.slug);
  return [...new Set(slugs)];
}

export function toPublicArticle(r: ArticleRow, related: readonly ArticleSummary[], site: string): FullArticle {
  const summary = toArticleSummary(r, site);
  const order = relatedSlugs(r);
  const body = safeBody(r);
  return {
    ...summary,
    content_markdown: body.markdown,
    content_html: body.html,
    toc_html: body.toc,
    json_ld: articleJsonLd(r, site, summary.url),
    related_articles: order.map((slug) => related.find((a) => a.slug === slug)).filter((a): a is ArticleSummary => Boolean(a)),
  };
}
