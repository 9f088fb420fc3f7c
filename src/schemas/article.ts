// The public blog article shapes (spec 2.2, ArticleSummary and Article): the types of the blog source and the
// serialiser (src/blog), and the OpenAPI document's schemas.
import * as z from 'astro/zod';

export const ArticleSummary = z.object({
  id: z.string().optional(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().optional(),
  image_url: z.url().optional(),
  /** A kind of article, such as a guide. */
  type: z.string().optional(),
  /** Minutes. */
  reading_time: z.int().min(0).optional(),
  published_at: z.iso.datetime({ offset: true }).optional(),
  updated_at: z.iso.datetime({ offset: true }).optional(),
  url: z.url(),
  markdown_url: z.url().optional(),
});

export const Article = ArticleSummary.extend({
  /** The body converted from the published HTML; with `format=markdown` (default) or `both`. */
  content_markdown: z.string().optional(),
  /** The body as published HTML; with `format=html` or `both`. */
  content_html: z.string().optional(),
  toc_html: z.string().optional(),
  json_ld: z.array(z.record(z.string(), z.unknown())).optional(),
  related_articles: z.array(ArticleSummary).optional(),
});

export type ArticleSummary = z.infer<typeof ArticleSummary>;
export type PublicArticle = z.infer<typeof Article>;
