// The article file of `article publish` and the fields of `article update`: described from the one schema
// (src/schemas/own-article.ts), checked with the one issue formatter (src/core/describe-issue.ts).
import { readFileSync } from 'node:fs';
import { ownArticleInput, type OwnArticleInput } from '../../src/schemas/own-article.ts';
import { describeExpected, describeIssue, issueErrorMap } from '../../src/core/describe-issue.ts';
import { didYouMean } from '../../src/catalog/did-you-mean.ts';
import type { ArticleRow } from '../../src/store/repos/articles.ts';
import type { ArticleFields } from '../../src/store/repos/article-fields.ts';
import { UsageError } from './args.ts';

type Field = keyof OwnArticleInput;
const shape = ownArticleInput.shape as Record<Field, { safeParse(v: unknown): { success: boolean }; _zod: { def: { checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }[]; innerType?: unknown } } }>;
export const FIELDS = Object.keys(shape) as Field[];

/** What each field is for; a test holds this list to the schema's fields. */
export const FIELD_NOTES: Record<Field, string> = {
  title: 'The headline.',
  slug: 'The article\'s key in the project: lower case letters, digits and single hyphens. Publishing an existing slug updates that article.',
  content_html: 'The body as trusted, pre-sanitised HTML, without table of contents, related list or JSON-LD.',
  excerpt: 'A short summary for lists and cards.',
  meta_description: 'The meta description for search results.',
  image_url: 'The cover image.',
  type: 'A kind of article, such as guide or listicle.',
  reading_time: 'Minutes.',
  keyword: 'The target search keyword.',
  url: 'The article\'s address on the customer\'s site, when known.',
  toc_html: 'The table of contents as HTML.',
  last_change_summary: 'What changed in this version, in a sentence.',
  related_articles: 'A list of {title, slug, url?}.',
  sources: 'A list of {url, title?, publisher?}.',
  json_ld: 'A list of ready-made schema.org JSON-LD objects.',
  target_date: 'The planned publication date (metadata.targetDate).',
  noindex: 'true keeps the article out of search indexes; left out, the current value stays.',
  redirect_to: 'Consolidates the article into this URL; left out, the current value stays.',
  redirect_type: 'permanent (301) or anything else (temporary, 302); left out, the current value stays.',
};

/** Fields a re-publish clears when the file leaves them out (noindex and redirects are kept instead). */
const CLEARED_WHEN_MISSING: Field[] = ['excerpt', 'meta_description', 'image_url', 'type', 'reading_time', 'keyword', 'url', 'toc_html', 'last_change_summary', 'related_articles', 'sources', 'json_ld', 'target_date'];

export const EXAMPLE_FILE = {
  title: 'How to write a meta description',
  slug: 'how-to-write-a-meta-description',
  content_html: '<p>A meta description is the short summary a search engine may show under your title.</p><h2>Keep it short</h2><p>Aim for 120 to 155 characters.</p>',
  excerpt: 'What a meta description does, how long it should be and how to write one that earns the click.',
  meta_description: 'Learn what a meta description does, how long it should be and how to write one that earns the click.',
  image_url: 'https://images.example.com/meta-description.png',
  type: 'guide',
  reading_time: 6,
  keyword: 'meta description',
  related_articles: [{ title: 'Title tags that rank', slug: 'title-tags-that-rank' }],
  sources: [{ title: 'Google Search Central: Control your snippets', url: 'https://developers.google.com/search/docs/appearance/snippet' }],
  target_date: '2026-12-01',
};

/** Bounds of a field, in words: `1 to 300 characters`, `at most 200 characters`, `0 to 1000`. */
function bounds(field: Field): string {
  let def = shape[field]._zod.def;
  for (let i = 0; i < 4 && def.innerType; i++) def = (def.innerType as typeof shape[Field])._zod.def;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const min = checks.find((c) => c.check === 'min_length' || c.check === 'greater_than');
  const max = checks.find((c) => c.check === 'max_length' || c.check === 'less_than');
  const lo = min?.minimum ?? min?.value;
  const hi = max?.maximum ?? max?.value;
  const unit = min?.check === 'min_length' || max?.check === 'max_length' ? ' characters' : '';
  if (lo !== undefined && hi !== undefined) return `, ${lo} to ${hi}${unit}`;
  if (hi !== undefined) return `, at most ${hi}${unit}`;
  if (lo !== undefined && lo > 1) return `, at least ${lo}${unit}`;
  return '';
}

/** The field list and example of `article publish --help`. */
export function publishFileHelp(): string {
  const width = Math.max(...FIELDS.map((f) => f.length)) + 1;
  const lines = FIELDS.map((f) => {
    const req = !shape[f].safeParse(undefined).success;
    return `  ${`${f}${req ? '*' : ''}`.padEnd(width)}  ${describeExpected(shape[f]) ?? 'any'}${bounds(f)}. ${FIELD_NOTES[f]}`;
  });
  return [
    'The file is one JSON object with these fields (* required; no others):',
    ...lines,
    '',
    'Example file:',
    JSON.stringify(EXAMPLE_FILE, null, 2),
  ].join('\n');
}

/** Every problem of an input object, one line each: `reading_time: must be a number (got string)`. */
export function inputProblems(value: unknown): string[] {
  const r = ownArticleInput.safeParse(value, { error: issueErrorMap });
  if (r.success) return [];
  return r.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => {
        const close = didYouMean(k, FIELDS);
        return `${k}: is not a field of an article (${close ? `did you mean ${close}?` : `expected one of ${FIELDS.join(', ')}`})`;
      });
    }
    const d = describeIssue(issue);
    return [`${d.path || '(file)'}: ${d.reason}`];
  });
}

/** Reads and checks the file of `article publish`. */
export function readArticleFile(file: string): { raw: Record<string, unknown>; article: OwnArticleInput } {
  let raw: unknown;
  try { raw = JSON.parse(readFileSync(file, 'utf8')); } catch (err) {
    throw new UsageError(`cannot read ${file} as JSON: ${(err as Error).message}`);
  }
  const problems = inputProblems(raw);
  if (problems.length) throw new UsageError(`${file} is not a valid article (see skribra article publish --help):\n  ${problems.join('\n  ')}`);
  return { raw: raw as Record<string, unknown>, article: ownArticleInput.parse(raw) };
}

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The fields the stored article has that a re-publish of `raw` would clear, because the file leaves them out. */
export function fieldsClearedBy(existing: ArticleRow, raw: Record<string, unknown>): Field[] {
  return CLEARED_WHEN_MISSING.filter((f) => !(f in raw) && isSet(existing[f as keyof ArticleRow]));
}

/** The stored article as the file that would publish it (for checking an update against the schema). */
export function asInput(row: ArticleRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = row[f as keyof ArticleRow];
    if (v === null || v === undefined) continue;
    out[f] = f === 'target_date' && v instanceof Date ? v.toISOString().slice(0, 10) : v;
  }
  if (!row.noindex) delete out.noindex;
  return out;
}

/**
 * `--set field=value` pairs as typed values: numbers and booleans where the field takes them, JSON for lists,
 * `@path` reads the value from a file, and an empty value clears an optional field.
 */
export function parseSets(sets: string[]): Map<Field, unknown> {
  if (!sets.length) throw new UsageError('give at least one --set field=value (see skribra article update --help)');
  const out = new Map<Field, unknown>();
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq < 1) throw new UsageError(`--set needs field=value (got ${s})`);
    const name = s.slice(0, eq);
    let value: string = s.slice(eq + 1);
    if (!FIELDS.includes(name as Field)) {
      const close = didYouMean(name, FIELDS);
      throw new UsageError(`--set ${name}: is not a field of an article (${close ? `did you mean ${close}?` : `expected one of ${FIELDS.join(', ')}`})`);
    }
    const field = name as Field;
    if (field === 'slug') throw new UsageError('--set slug: the slug is the article\'s key and cannot be changed; publish the article under the new slug and redirect the old one');
    if (value.startsWith('@')) {
      try { value = readFileSync(value.slice(1), 'utf8'); } catch (err) { throw new UsageError(`--set ${field}: cannot read ${value.slice(1)}: ${(err as Error).message}`); }
    }
    const kind = describeExpected(shape[field]);
    if (value === '') out.set(field, kind === 'a list' ? [] : undefined);
    else if (kind === 'a list') {
      try { out.set(field, JSON.parse(value)); } catch (err) { throw new UsageError(`--set ${field}: must be a JSON list (${(err as Error).message})`); }
    } else if (kind === 'an integer' || kind === 'a number') out.set(field, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
    else if (kind === 'true or false') out.set(field, value === 'true' ? true : value === 'false' ? false : value);
    else out.set(field, value);
  }
  return out;
}

/** Checks the stored article with the changes applied; the columns to write (only the changed ones). */
export function applySets(row: ArticleRow, sets: Map<Field, unknown>): ArticleFields {
  const merged = { ...asInput(row) };
  for (const [k, v] of sets) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const problems = inputProblems(merged);
  if (problems.length) throw new UsageError(`the article would not be valid:\n  ${problems.join('\n  ')}`);
  const parsed = ownArticleInput.parse(merged) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const k of sets.keys()) fields[k] = k === 'noindex' ? parsed[k] ?? false : parsed[k] ?? null;
  return fields as ArticleFields;
}
