// Rows of the blog project to the public ArticleSummary and Article of spec 2.2, following the field table
// (src/model/schemas/article.ts): each `blog` field is copied from its column, in the schema's order. Pure: the API, the
// pages, the twins and the feed all go through here, so they agree.
import type * as z from 'astro/zod';
import { markdownPath, paths } from '../../model/core/urls.ts';
import { ARTICLE_FIELDS } from '../../model/schemas/article-fields.ts';
import { blogFields, publicArticleSchemas, type FieldTable } from '../../model/schemas/article.ts';
import type { ArticleRow, SummaryRow } from '../../store/repos/articles.ts';
import { articleJsonLd } from './article-json-ld.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { tocHtml } from './toc-html.ts';
import { sanitizeHtml } from '../../model/markdown/sanitize-html.ts';

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

/** A column's value as the public article shows it: absent when unset, lists when empty. */
const shown = (v: unknown) => (v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? undefined : v);

/** The stored related list names slugs; only those still publicly visible are kept, in the stored order. */
export function relatedSlugs(r: Pick<ArticleRow, 'related_articles' | 'slug'>): string[] {
  const slugs = (Array.isArray(r.related_articles) ? r.related_articles : [])
    .map((x) => (x && typeof x === 'object' ? (x as { slug?: unknown }).slug : undefined))
    .filter((s): s is string => typeof s === 'string' && s !== r.slug);
  return [...new Set(slugs)];
}

/** The public article of a field table: its schemas and the mappers from stored rows to them. */
export function publicArticleModel<T extends FieldTable>(table: T) {
  const { ArticleSummary, Article } = publicArticleSchemas(table);
  // Every table's summary has spec 2.2's slug and url: publicArticleSchemas refuses a table without them.
  type Summary = z.infer<typeof ArticleSummary> & { slug: string; url: string };
  type Full = Required<Pick<z.infer<typeof Article>, 'content_markdown' | 'content_html' | 'toc_html' | 'json_ld' | 'related_articles'>> &
    z.infer<typeof Article>;
  const fields = blogFields(table);
  const column = new Map(fields.map((f) => [f.name, f.key]));
  const summaryNames = Object.keys(ArticleSummary.shape);
  const detailFields = fields.filter((f) => f.shows === 'detail');

  function toArticleSummary(r: SummaryRow, site: string): Summary {
    const path = paths.article(r.slug);
    const url = `${site}${path}`;
    const own: Record<string, unknown> = {
      id: r.id,
      published_at: iso(r.published_at),
      updated_at: iso(r.updated_at),
      url,
      markdown_url: `${site}${markdownPath(path)}`,
    };
    const row = r as unknown as Record<string, unknown>;
    const s: Record<string, unknown> = {};
    for (const name of summaryNames) {
      const v = column.has(name) ? shown(row[column.get(name)!]) : own[name];
      if (v !== undefined) s[name] = v;
    }
    return s as Summary;
  }

  function toPublicArticle(r: ArticleRow, related: readonly Summary[], site: string): Full {
    const summary = toArticleSummary(r, site);
    const order = relatedSlugs(r);
    const body = safeBody(r);
    const a: Record<string, unknown> = {
      ...summary,
      content_markdown: body.markdown,
      content_html: body.html,
      toc_html: body.toc,
      json_ld: articleJsonLd(r, site, summary.url),
      related_articles: order.map((slug) => related.find((x) => x.slug === slug)).filter((x): x is Summary => Boolean(x)),
    };
    const row = r as unknown as Record<string, unknown>;
    for (const f of detailFields) {
      const v = shown(row[f.key]);
      if (v !== undefined) a[f.name] = v;
    }
    return a as Full;
  }

  return { ArticleSummary, Article, toArticleSummary, toPublicArticle };
}

/** The company blog's article, from ARTICLE_FIELDS. */
export const BLOG_ARTICLE = publicArticleModel(ARTICLE_FIELDS);
export type FullArticle = ReturnType<typeof BLOG_ARTICLE.toPublicArticle>;
/** What a blog source maps rows with: BLOG_ARTICLE, or the model of a table with further fields. */
export type PublicArticleModel = Pick<typeof BLOG_ARTICLE, 'toArticleSummary' | 'toPublicArticle'>;
