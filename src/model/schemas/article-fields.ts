// An own article's fields, declared once: those the writer controls, and the image measurements a publish adds when
// the file leaves them out (`measured`). Everything else follows this table: the publish file's
// schema and the card and detail shapes (own-article.ts), the company blog's public article and its mapper (`blog`:
// article.ts, src/request/blog/public-article.ts), the stored columns and their writes (src/store), the
// serialiser (serialize-article.ts), the OpenAPI document and the client's types (both from the zod schemas), and
// the CLI's field list and notes. Adding a field: one entry here plus the migration that adds its column (a store
// test fails while a declared field has no column).
import * as z from 'zod';

/**
 * The longest `content_html` a publish takes, in characters (about 5 MB; a long article is 10 to 100 KB): every body
 * is parsed at publish and rendered on request, and work on it must stay bounded (linear: parsers, not regular
 * expressions), while an article large enough to fill a sync page alone still publishes (sync-feed.ts keeps a page
 * under 4 MB with at least one item). The publish file's schema, the CLI's help and the docs' limit follow it.
 */
export const CONTENT_HTML_MAX = 5_000_000;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/**
 * Where a consolidated article sends its readers. The spec has the reader sent to `redirect_to` with a 301 or 302,
 * and an HTTP Location may be a path on the same site (RFC 9110, 10.2.2): so an absolute http(s) URL, or a path
 * starting with one / (not //, which names another host) and without spaces or control characters. The one rule of
 * every way in: the publish file, `article update --set redirect_to=`, `article redirect --to`.
 */
export const REDIRECT_PATH = /^\/(?![/\\])[^\s\p{Cc}\\]*$/u;
const redirectTarget = z.string().refine((v) => REDIRECT_PATH.test(v) || httpUrl.safeParse(v).success, {
  error: 'must be an absolute http(s) URL or a path starting with /',
});

export const relatedArticle = z.object({
  title: z.string().meta({ description: "The related article's title." }),
  slug: z.string().meta({ description: 'Its slug in the same project.' }),
  url: httpUrl.optional().meta({ description: "Its address on the customer's site, when known." }),
});
export const articleSource = z.object({
  title: z.string().optional().meta({ description: "The source's title." }),
  url: httpUrl.meta({ description: 'Where it is.' }),
  publisher: z.string().optional().meta({ description: 'Who published it.' }),
});
/** A ready-made structured-data object (schema.org JSON-LD). */
export const jsonLdObject = z.record(z.string(), z.unknown());
export const articleAuthor = z.strictObject({
  name: z.string().trim().min(1).max(200).meta({ description: 'The byline.' }),
  url: httpUrl.optional().meta({ description: "The author's page (for `author.url` in JSON-LD and a byline link)." }),
});
const tag = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(60)
  .regex(/^[^\p{Cc}]+$/u, { error: 'must not contain control characters' });
const imageSide = z.int().min(1).max(20000);
/** A ThumbHash (evanw/thumbhash) in base64: about 25 bytes that decode to a blurred picture of the image. */
const thumbHash = z
  .string()
  .regex(/^[A-Za-z0-9+/]{8,64}={0,2}$/, { error: 'must be a ThumbHash in base64 (8 to 64 characters)' })
  .meta({ description: 'A ThumbHash in base64.' });
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/, { error: 'must be a colour as #rrggbb (lower case)' });
/** One `<img>` of `content_html`, as measured at publish (or as the publisher's file gave it). */
export const bodyImage = z.object({
  src: z.string().max(4096).meta({ description: 'The `src` of the `<img>`, as in content_html.' }),
  alt: z
    .string()
    .max(1000)
    .optional()
    .meta({ description: 'Its `alt` text; an empty string when the publisher marked it decorative (`alt=""`); absent when it has none.' }),
  width: imageSide.optional().meta({ description: 'Its intrinsic width in pixels; absent when it could not be measured.' }),
  height: imageSide.optional().meta({ description: 'Its intrinsic height in pixels; absent when it could not be measured.' }),
  placeholder: thumbHash.optional().meta({ description: 'A ThumbHash (base64): a blurred placeholder while it loads.' }),
  color: hexColour.optional().meta({ description: 'Its dominant colour as #rrggbb: a background while it loads.' }),
});

/**
 * The row's own fields that the article shapes show beside the table's (a publish file never writes them): the id and
 * the two stamps. The /v1 card and detail (own-article.ts) and the blog's public article (article.ts) take them from here.
 */
export const ROW_FIELDS = {
  id: z.string().meta({ description: "The article's id; stable across edits and slug changes." }),
  published_at: z.iso.datetime().optional().meta({ description: 'When the article was first published.' }),
  updated_at: z.iso.datetime().optional().meta({ description: 'When the article last changed in any way.' }),
};

/** Where a field appears in the API: in the card and the detail, in the detail only, or in neither (folded elsewhere). */
export type Shows = 'card' | 'detail' | 'none';

export interface FieldSpec<S extends z.ZodType = z.ZodType> {
  /** The value as a writer gives it (without optional/default: the table below decides those). */
  schema: S;
  shows: Shows;
  /** Must be in every publish file. */
  required?: true;
  /** A re-publish whose file leaves it out keeps the stored value (consolidation); others are cleared. */
  kept?: true;
  /**
   * Measured at publish from the image itself when the file leaves it out (src/request/publishing/measure-images.ts): a
   * re-publish measures it again, so leaving it out of a file clears nothing.
   */
  measured?: true;
  /**
   * The company blog's public article (spec 2.2, src/model/schemas/article.ts) shows it too, under the field's name or the
   * one given, described by `note`: in the summary and the article when it `shows` in the card, in the article only
   * when in the detail. Absent when unset, lists when empty.
   */
  blog?: true | { as: string };
  /** What the field is for: the CLI's help, the OpenAPI description, the client's doc comment. */
  note: string;
}

const field = <
  S extends z.ZodType,
  V extends Shows,
  const E extends { required?: true; kept?: true; measured?: true; blog?: true | { as: string } } = object,
>(
  schema: S,
  shows: V,
  note: string,
  extra?: E,
) => ({ schema, shows, note, ...extra }) as FieldSpec<S> & { shows: V } & E;

export const ARTICLE_FIELDS = {
  title: field(z.string().trim().min(1).max(300), 'card', 'The headline.', { required: true, blog: true }),
  slug: field(
    z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lowercase letters, digits and single hyphens' })
      .max(200),
    'card',
    "The article's key in the project: lower case letters, digits and single hyphens. Publishing an existing slug updates that article.",
    { required: true, blog: true },
  ),
  content_html: field(
    z.string().min(1).max(CONTENT_HTML_MAX),
    'detail',
    'The body as trusted, pre-sanitised HTML, without table of contents, related list or JSON-LD.',
    { required: true },
  ),
  excerpt: field(z.string(), 'card', 'A short summary for lists and cards.', { blog: true }),
  meta_description: field(z.string(), 'detail', 'The meta description for search results.'),
  image_url: field(httpUrl, 'card', 'The cover image.', { blog: true }),
  image_alt: field(z.string().trim().min(1).max(500), 'card', "The cover image's alternative text (needs image_url).", { blog: true }),
  image_width: field(
    imageSide,
    'card',
    "The cover image's width in pixels (needs image_url and image_height); measured from the image at publish when left out.",
    { measured: true, blog: true },
  ),
  image_height: field(
    imageSide,
    'card',
    "The cover image's height in pixels (needs image_url and image_width); measured from the image at publish when left out.",
    { measured: true, blog: true },
  ),
  image_placeholder: field(
    thumbHash,
    'card',
    'A ThumbHash of the cover image (base64, about 25 bytes): a blurred placeholder while it loads (@skribra/content/images turns it into a data URL); measured at publish when left out (needs image_url).',
    { measured: true },
  ),
  image_color: field(
    hexColour,
    'card',
    "The cover image's dominant colour as #rrggbb, a background while it loads; measured at publish when left out (needs image_url).",
    { measured: true },
  ),
  type: field(z.string(), 'card', 'A kind of article, such as guide or listicle.', { blog: true }),
  reading_time: field(z.int().min(0).max(1000), 'card', 'Minutes.', { blog: true }),
  keyword: field(z.string(), 'card', 'The target search keyword.'),
  tags: field(
    z
      .array(tag)
      .max(30)
      .refine((t) => new Set(t).size === t.length, { error: 'must not repeat a tag' }),
    'card',
    'Short labels for tag pages: a list of strings, each 1 to 60 characters, at most 30.',
    { blog: true },
  ),
  author: field(articleAuthor, 'card', 'The byline: {name, url?}.', { blog: true }),
  language: field(
    z
      .string()
      .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/, { error: 'must be a BCP 47 language tag such as en, en-GB or pt-BR' })
      .max(35),
    'card',
    'The language as a BCP 47 tag (en, en-GB, pt-BR), for lang and hreflang.',
    { blog: true },
  ),
  url: field(httpUrl, 'card', "The article's address on the customer's site, when known."),
  toc_html: field(z.string(), 'detail', 'The table of contents as HTML.'),
  last_change_summary: field(z.string(), 'detail', 'What changed in this version, in a sentence.'),
  body_images: field(
    z.array(bodyImage).max(500),
    'detail',
    'Each <img> of content_html in document order: {src, alt?, width?, height?, placeholder?, color?}, measured from the image at publish (width and height given on the <img> are kept). The <img> tags in content_html carry the same width and height, and loading="lazy" decoding="async" after the first.',
    { measured: true },
  ),
  related_articles: field(z.array(relatedArticle), 'detail', 'A list of {title, slug, url?}.'),
  sources: field(z.array(articleSource), 'detail', 'A list of {url, title?, publisher?}.'),
  json_ld: field(z.array(jsonLdObject), 'detail', 'A list of ready-made schema.org JSON-LD objects.'),
  target_date: field(z.iso.date(), 'none', 'The planned publication date (metadata.targetDate).'),
  noindex: field(z.boolean(), 'none', 'true keeps the article out of search indexes; left out, the current value stays.', { kept: true }),
  redirect_to: field(
    redirectTarget,
    'none',
    'Consolidates the article into this URL (absolute, or a path on the site starting with /); left out, the current value stays.',
    { kept: true },
  ),
  redirect_type: field(z.string(), 'none', 'permanent (301) or anything else (temporary, 302); left out, the current value stays.', {
    kept: true,
  }),
} as const;

export type ArticleFieldName = keyof typeof ARTICLE_FIELDS;
type F = typeof ARTICLE_FIELDS;
export const FIELD_NAMES = Object.keys(ARTICLE_FIELDS) as ArticleFieldName[];

/** Lists are stored as jsonb and always present in the API (empty when none). */
export const isList = (name: ArticleFieldName): boolean => ARTICLE_FIELDS[name].schema instanceof z.ZodArray;
/** Lists and objects are stored as jsonb. */
export const isJson = (name: ArticleFieldName): boolean => isList(name) || ARTICLE_FIELDS[name].schema instanceof z.ZodObject;

/** Strings are stored as text, but for ISO dates (a date column). */
export const isText = (name: ArticleFieldName): boolean => {
  const s = ARTICLE_FIELDS[name].schema;
  return (s instanceof z.ZodString || s instanceof z.ZodStringFormat) && !(s instanceof z.ZodISODate);
};

/** Fields in the card (and the detail), in declaration order. */
export const CARD_FIELDS = FIELD_NAMES.filter((k) => ARTICLE_FIELDS[k].shows === 'card');
/** Fields in the detail, in declaration order. */
export const DETAIL_FIELDS = FIELD_NAMES.filter((k) => ARTICLE_FIELDS[k].shows !== 'none');

type Pick2<T, V> = { [K in keyof T as T[K] extends { shows: V } ? K : never]: T[K] };
type OutField<S> = S extends z.ZodArray ? S : z.ZodOptional<S extends z.ZodType ? S : never>;
/** The output shape of fields shown as `V`: lists always present, the rest optional. */
export type OutputShape<V extends Shows> = { [K in keyof Pick2<F, V>]: K extends keyof F ? OutField<F[K]['schema']> : never };

/** The zod shape of the fields of `names` as the API shows them, each described by its note. */
export function outputShape<V extends Shows>(names: readonly ArticleFieldName[]): OutputShape<V> {
  return Object.fromEntries(
    names.map((k) => {
      const { schema, note, required } = ARTICLE_FIELDS[k];
      const s = required || isList(k) ? schema : schema.optional();
      return [k, s.meta({ description: note })];
    }),
  ) as OutputShape<V>;
}

type InField<T> = T extends { required: true; schema: infer S }
  ? S
  : T extends { measured: true; schema: infer S extends z.ZodType }
    ? z.ZodOptional<S>
    : T extends { schema: infer S extends z.ZodArray }
      ? z.ZodDefault<S>
      : T extends { schema: infer S extends z.ZodType }
        ? z.ZodOptional<S>
        : never;
export type InputShape = { [K in keyof F]: InField<F[K]> };

/**
 * Every string of a value (object keys included) that holds U+0000, by its path: PostgreSQL keeps no NUL in text or
 * jsonb, so a value with one is refused with its field named rather than failing in the store. A walk with a stack
 * of its own, whatever the depth of a JSON-LD object.
 */
function checkNoNul(value: unknown, ctx: z.RefinementCtx): void {
  const stack: [unknown, PropertyKey[]][] = [[value, []]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, path] = top;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) ctx.addIssue({ code: 'custom', path, message: 'must not contain U+0000 (a NUL character)' });
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) ctx.addIssue({ code: 'custom', path, message: 'must not have a key with U+0000 (a NUL character)' });
        stack.push([inner, [...path, Array.isArray(v) ? Number(k) : k]]);
      }
    }
  }
}

/**
 * The publish file's shape: required fields as they are, lists default to empty (measured ones: left to the publish),
 * the rest optional; no field holds U+0000 anywhere inside.
 */
export function inputShape(): InputShape {
  return Object.fromEntries(
    FIELD_NAMES.map((k) => {
      const { note, required, measured } = ARTICLE_FIELDS[k];
      const schema = ARTICLE_FIELDS[k].schema.superRefine(checkNoNul);
      const s = required ? schema : isList(k) && !measured ? (schema as z.ZodArray).default([]) : schema.optional();
      return [k, s.meta({ description: note })];
    }),
  ) as InputShape;
}

/** Cross-field rules of the publish file, each with the field it names. */
export function checkImage(
  a: {
    image_url?: string;
    image_alt?: string;
    image_width?: number;
    image_height?: number;
    image_placeholder?: string;
    image_color?: string;
  },
  ctx: z.RefinementCtx,
): void {
  for (const k of ['image_alt', 'image_width', 'image_height', 'image_placeholder', 'image_color'] as const) {
    if (a[k] !== undefined && a.image_url === undefined)
      ctx.addIssue({ code: 'custom', path: [k], message: 'needs image_url (the image it describes)' });
  }
  if ((a.image_width === undefined) !== (a.image_height === undefined)) {
    const [missing, given] = a.image_width === undefined ? ['image_width', 'image_height'] : ['image_height', 'image_width'];
    ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is given (both sizes, or neither)` });
  }
}
