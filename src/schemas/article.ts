// The public blog article shapes (spec 2.2, ArticleSummary and Article): the types of the blog source and the
// serialiser (src/blog), and the OpenAPI document's schemas.
import * as z from 'astro/zod';
import { ARTICLE_FIELDS } from './article-fields.ts';

/** An own-article field as the public shape adds it: the model's schema and note, absent when unset (tags when empty). */
const added = <K extends 'image_alt' | 'image_width' | 'image_height' | 'tags' | 'author' | 'language'>(k: K) =>
  ARTICLE_FIELDS[k].schema.optional().meta({ description: ARTICLE_FIELDS[k].note }) as z.ZodOptional<(typeof ARTICLE_FIELDS)[K]['schema']>;

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
  // Spec 2.2 allows fields after the listed ones: the cover's description and size, and the model's card fields.
  image_alt: added('image_alt'),
  image_width: added('image_width'),
  image_height: added('image_height'),
  tags: added('tags'),
  author: added('author'),
  language: added('language'),
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
