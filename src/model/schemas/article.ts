// The public blog article shapes (spec 2.2, ArticleSummary and Article), derived from the one field table
// (article-fields.ts): the fields it marks `blog` are shown, under their public names and with their notes. The
// types of the blog source and its mapper (src/request/blog/public-article.ts), and the OpenAPI document's schemas.
import * as z from 'astro/zod';
import { ARTICLE_FIELDS, type FieldSpec, ROW_FIELDS, type Shows } from './article-fields.ts';

/** A field table: ARTICLE_FIELDS, or (in tests) one extended with further fields. */
export type FieldTable = Readonly<Record<string, FieldSpec>>;

/** The summary's fields besides the table's: the row's id and stamps, and its addresses on the blog. */
const OWN = {
  id: ROW_FIELDS.id.optional(),
  published_at: ROW_FIELDS.published_at,
  updated_at: ROW_FIELDS.updated_at,
  url: z.url().meta({ description: 'Its page on the blog (absolute URL).' }),
  markdown_url: z.url().optional().meta({ description: 'The same page as markdown (absolute URL).' }),
};
type Own = typeof OWN;

/**
 * Spec 2.2's ArticleSummary, in its order: its own fields above and the table's `blog` fields of those names. The
 * table's other `blog` card fields follow in the table's order (spec 2.2 allows fields after the listed ones).
 */
const SPEC_SUMMARY = [
  'id',
  'title',
  'slug',
  'excerpt',
  'image_url',
  'type',
  'reading_time',
  'published_at',
  'updated_at',
  'url',
  'markdown_url',
];

type Marked<T extends FieldTable, V extends Shows> = {
  [K in keyof T]: T[K] extends { blog: true | { as: string }; shows: V } ? K : never;
}[keyof T];
type PublicName<K, T> = T extends { blog: { as: infer N extends string } } ? N : K & string;
type PublicField<T> = T extends { required: true; schema: infer S extends z.ZodType }
  ? S
  : T extends { schema: infer S extends z.ZodType }
    ? z.ZodOptional<S>
    : never;
/** The zod shape of the table's `blog` fields shown as `V`, under their public names. */
type BlogShape<T extends FieldTable, V extends Shows> = {
  [K in Marked<T, V> as PublicName<K, T[K]>]: PublicField<T[K]>;
};

/** A `blog` field of the table: its key (the column), its public name and where it shows. */
interface BlogField {
  key: string;
  name: string;
  shows: 'card' | 'detail';
}

/** The table's `blog` fields in its order. A `blog` field that shows nowhere is a mistake of the table. */
export function blogFields(table: FieldTable): BlogField[] {
  return Object.entries(table).flatMap(([key, f]) => {
    if (!f.blog) return [];
    if (f.shows === 'none') throw new Error(`article field ${key} is marked blog but shows nowhere`);
    return [{ key, name: f.blog === true ? key : f.blog.as, shows: f.shows }];
  });
}

const publicSchema = (f: FieldSpec) => (f.required ? f.schema : f.schema.optional()).meta({ description: f.note });

/** The public ArticleSummary and Article of a field table. */
export function publicArticleSchemas<T extends FieldTable>(table: T) {
  const fields = blogFields(table);
  const card = new Map(fields.filter((f) => f.shows === 'card').map((f) => [f.name, publicSchema(table[f.key]!)]));
  for (const name of card.keys()) if (name in OWN) throw new Error(`article field ${name} is marked blog, but the summary makes its own`);
  const summary: Record<string, z.ZodType> = {};
  for (const name of SPEC_SUMMARY) {
    const s = name in OWN ? OWN[name as keyof Own] : card.get(name);
    if (!s) throw new Error(`spec 2.2's ArticleSummary has ${name}: mark the article field blog`);
    summary[name] = s;
    card.delete(name);
  }
  for (const [name, s] of card) summary[name] = s;
  const ArticleSummary = z.object(summary as Own & BlogShape<T, 'card'>).meta({ description: 'A blog article as lists show it: no body.' });

  const detail = Object.fromEntries(fields.filter((f) => f.shows === 'detail').map((f) => [f.name, publicSchema(table[f.key]!)]));
  const Article = ArticleSummary.extend({
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
    ...(detail as BlogShape<T, 'detail'>),
  }).meta({ description: 'A blog article with its body, table of contents, JSON-LD and related articles.' });
  return { ArticleSummary, Article };
}

export const { ArticleSummary, Article } = publicArticleSchemas(ARTICLE_FIELDS);
export type ArticleSummary = z.infer<typeof ArticleSummary>;
export type PublicArticle = z.infer<typeof Article>;
