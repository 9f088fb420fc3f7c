// The own-article shapes of the authenticated API (spec 2.3): the file the operator CLI publishes
// (`ownArticleInput`), the list card and the detail. One schema types the API output and validates input.
import * as z from 'zod';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lowercase letters, digits and single hyphens' }).max(200);

export const relatedArticle = z.object({ title: z.string(), slug: z.string(), url: httpUrl.optional() });
export const articleSource = z.object({ title: z.string().optional(), url: httpUrl, publisher: z.string().optional() });
/** A ready-made structured-data object (schema.org JSON-LD). */
export const jsonLdObject = z.record(z.string(), z.unknown());

/** The JSON file of `skribra article publish`: every own-article field a writer controls. */
export const ownArticleInput = z.strictObject({
  title: z.string().trim().min(1).max(300),
  slug,
  /** The body only: trusted, pre-sanitised HTML without table of contents, related list or JSON-LD. */
  content_html: z.string().min(1),
  excerpt: z.string().optional(),
  meta_description: z.string().optional(),
  image_url: httpUrl.optional(),
  /** A kind of article, such as guide or listicle. */
  type: z.string().optional(),
  /** Minutes. */
  reading_time: z.int().min(0).max(1000).optional(),
  /** The target search keyword. */
  keyword: z.string().optional(),
  /** The article's address on the customer's site, when known. */
  url: httpUrl.optional(),
  toc_html: z.string().optional(),
  last_change_summary: z.string().optional(),
  related_articles: z.array(relatedArticle).default([]),
  sources: z.array(articleSource).default([]),
  json_ld: z.array(jsonLdObject).default([]),
  /** Planned publication date, carried in `metadata.targetDate`. */
  target_date: z.iso.date().optional(),
  noindex: z.boolean().optional(),
  redirect_to: httpUrl.optional(),
  /** `permanent` means 301; anything else a temporary redirect. */
  redirect_type: z.string().optional(),
});
export type OwnArticleInput = z.infer<typeof ownArticleInput>;

/** A list row: no body. */
export const ownArticleCard = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().optional(),
  image_url: z.string().optional(),
  type: z.string().optional(),
  reading_time: z.int().optional(),
  published_at: z.iso.datetime().optional(),
  updated_at: z.iso.datetime().optional(),
  keyword: z.string().optional(),
  url: z.string().optional(),
  markdown_url: z.string().optional(),
});
export type OwnArticleCard = z.infer<typeof ownArticleCard>;

/** The detail of one article, with the consolidation fields. */
export const ownArticle = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  content_html: z.string(),
  meta_description: z.string().optional(),
  excerpt: z.string().optional(),
  image_url: z.string().optional(),
  type: z.string().optional(),
  reading_time: z.int().optional(),
  keyword: z.string().optional(),
  url: z.string().optional(),
  published_at: z.iso.datetime().optional(),
  updated_at: z.iso.datetime().optional(),
  created_at: z.iso.datetime().optional(),
  lastEdited: z.iso.datetime().optional(),
  last_change_summary: z.string().optional(),
  toc_html: z.string().optional(),
  related_articles: z.array(relatedArticle),
  sources: z.array(articleSource),
  json_ld: z.array(jsonLdObject),
  metadata: z.object({ projectId: z.string(), userId: z.string(), targetDate: z.string().optional() }),
  redirect_to: z.string().optional(),
  redirect_type: z.string().optional(),
  noindex: z.boolean().optional(),
  unpublished: z.boolean().optional(),
});
export type OwnArticle = z.infer<typeof ownArticle>;

/** Turns zod issues into one line per bad field: `reading_time: expected int, received string`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    if (i.code === 'unrecognized_keys') return `${i.keys.join(', ')}: unknown field${i.keys.length > 1 ? 's' : ''}`;
    return `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`;
  });
}
