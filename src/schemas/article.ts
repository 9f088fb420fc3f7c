// The public blog article shapes (spec 2.2, ArticleSummary and Article): the types of the blog source and the
// serialiser (src/blog), and the OpenAPI document's schemas.
import * as z from 'astro/zod';
import { ARTICLE_FIELDS } from './article-fields.ts';

/** An own-article field as the public shape adds it: the model's schema and note, absent when unset (tags when empty). */
const added = <K extends 'image_alt' | 'image_width' | 'image_height' | 'tags' | 'author' | 'language'>(k: K) =>
  ARTICLE_FIELDS[k].schema.optional().meta({ description: ARTICLE_FIELDS[k].note }) as z.ZodOptional<(typeof ARTICLE_FIELDS)[K]['schema']>;

export const ArticleSummary = z
  .object({
    id: z.string().optional().meta({ description: "The article's id." }),
    title: z.string().meta({ description: 'The headline.' }),
    slug: z.string().meta({ description: 'Its key in the blog, as in its URL.' }),
    excerpt: z.string().optional().meta({ description: 'A short summary for lists and cards.' }),
    image_url: z.url().optional().meta({ description: 'The cover image (absolute URL).' }),
    type: z.string().optional().meta({ description: 'A kind of article, such as a guide.' }),
    reading_time: z.int().min(0).optional().meta({ description: 'The reading time in minutes.' }),
    published_at: z.iso.datetime({ offset: true }).optional().meta({ description: 'When the article was first published.' }),
    updated_at: z.iso.datetime({ offset: true }).optional().meta({ description: 'When the article last changed.' }),
    url: z.url().meta({ description: 'Its page on the blog (absolute URL).' }),
    markdown_url: z.url().optional().meta({ description: 'The same page as markdown (absolute URL).' }),
    // Spec 2.2 allows fields after the listed ones: the cover's description and size, and the model's card fields.
    image_alt: added('image_alt'),
    image_width: added('image_width'),
    image_height: added('image_height'),
    tags: added('tags'),
    author: added('author'),
    language: added('language'),
  })
  .meta({ description: 'A blog article as lists show it: no body.' });

export const Article = ArticleSummary.extend({
  content_markdown: z
    .string()
    .optional()
    .meta({ description: 'The body converted from the published HTML; with `format=markdown` (default) or `both`.' }),
  content_html: z.string().optional().meta({ description: 'The body as published HTML; with `format=html` or `both`.' }),
  toc_html: z.string().optional().meta({ description: 'The table of contents as HTML.' }),
  json_ld: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .meta({ description: 'Ready-made schema.org JSON-LD objects for the page.' }),
  related_articles: z.array(ArticleSummary).optional().meta({ description: 'Related blog articles, as summaries.' }),
}).meta({ description: 'A blog article with its body, table of contents, JSON-LD and related articles.' });

export type ArticleSummary = z.infer<typeof ArticleSummary>;
export type PublicArticle = z.infer<typeof Article>;
