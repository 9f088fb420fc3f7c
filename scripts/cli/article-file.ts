// The article file of `article publish` and the fields of `article update`: described from the one schema
// (src/model/schemas/own-article.ts), checked with the one issue formatter (src/model/core/describe-issue.ts).
import type * as z from 'zod';
import { ownArticleInput, type OwnArticleInput } from '../../src/model/schemas/own-article.ts';
import { ARTICLE_FIELDS } from '../../src/model/schemas/article-fields.ts';
import { EXAMPLE_ARTICLE as EXAMPLE_FILE } from '../../src/model/schemas/article-example.ts';

export { EXAMPLE_FILE };
import { describeExpected, describeIssue, issueErrorMap } from '../../src/model/core/describe-issue.ts';
import { didYouMean } from '../../src/model/catalog/did-you-mean.ts';
import type { ArticleRow } from '../../src/store/repos/articles.ts';
import type { ArticleFields } from '../../src/store/repos/article-fields.ts';
import { UsageError } from './args.ts';
import { readTextFile } from './read-text-file.ts';

type Field = keyof OwnArticleInput;
const shape = ownArticleInput.shape as Record<
  Field,
  {
    safeParse(v: unknown): { success: boolean };
    _zod: {
      def: {
        type: string;
        checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }[];
        innerType?: unknown;
      };
    };
  }
>;
export const FIELDS = Object.keys(shape) as Field[];

/** What each field is for, from the field table (src/model/schemas/article-fields.ts). */
const note = (f: Field) => ARTICLE_FIELDS[f].note;

/** Fields a re-publish clears when the file leaves them out (noindex and redirects are kept; image measurements are measured again). */
const CLEARED_WHEN_MISSING = FIELDS.filter((f) => !ARTICLE_FIELDS[f].required && !ARTICLE_FIELDS[f].kept && !ARTICLE_FIELDS[f].measured);

/** Bounds of a field, in words: `1 to 300 characters`, `at most 30 items`, `0 to 1000`. */
function bounds(field: Field): string {
  let def = shape[field]._zod.def;
  for (let i = 0; i < 4 && def.innerType; i++) def = (def.innerType as (typeof shape)[Field])._zod.def;
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const min = checks.find((c) => c.check === 'min_length' || c.check === 'greater_than');
  const max = checks.find((c) => c.check === 'max_length' || c.check === 'less_than');
  const lo = min?.minimum ?? min?.value;
  const hi = max?.maximum ?? max?.value;
  const lengthBound = min?.check === 'min_length' || max?.check === 'max_length';
  const unit = !lengthBound ? '' : def.type === 'array' ? ' items' : ' characters';
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
    return `  ${`${f}${req ? '*' : ''}`.padEnd(width)}  ${describeExpected(shape[f]) ?? 'any'}${bounds(f)}. ${note(f)}`;
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

/**
 * One field's value checked by the field's own schema, the one every way in uses (the publish file and `--set` check
 * it through the article schema): the parsed value, or a UsageError `--to: must be ...`.
 */
export function checkField(field: Field, value: unknown, label: string): unknown {
  const r = (ownArticleInput.shape[field] as z.ZodType).safeParse(value, { error: issueErrorMap });
  if (r.success) return r.data;
  throw new UsageError(`${label}: ${describeIssue(r.error.issues[0]!).reason}`);
}

/** One article of a publish file: checked, or the problems that keep it from being published. */
export interface FileEntry {
  index: number;
  slug?: string;
  raw: Record<string, unknown>;
  article?: OwnArticleInput;
  problems: string[];
}

/**
 * Reads the file of `article publish`: one article (an object) or an archive (a list of them). Each is checked on
 * its own, as one file is; a slug given twice in a list is a problem of its second entry.
 */
export function readArticleFile(file: string): { list: boolean; entries: FileEntry[] } {
  const text = readTextFile(file, 'the article file');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  const list = Array.isArray(raw);
  if (!values.length) throw new UsageError(`${file} is an empty list: give one article or a list of them`);
  const seen = new Map<string, number>();
  const entries = values.map((value, index): FileEntry => {
    const problems = inputProblems(value);
    const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    const slug = typeof obj.slug === 'string' ? obj.slug : undefined;
    if (slug !== undefined && seen.has(slug)) problems.push(`slug: repeats entry ${seen.get(slug)} (each slug once per file)`);
    else if (slug !== undefined) seen.set(slug, index);
    return { index, slug, raw: obj, problems, ...(problems.length ? {} : { article: ownArticleInput.parse(value) }) };
  });
  if (!list && entries[0]!.problems.length) {
    throw new UsageError(`${file} is not a valid article (see skribra article publish --help):\n  ${entries[0]!.problems.join('\n  ')}`);
  }
  return { list, entries };
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
      throw new UsageError(
        `--set ${name}: is not a field of an article (${close ? `did you mean ${close}?` : `expected one of ${FIELDS.join(', ')}`})`,
      );
    }
    const field = name as Field;
    if (field === 'slug')
      throw new UsageError(
        "--set slug: the slug is the article's key and cannot be changed; publish the article under the new slug and redirect the old one",
      );
    if (value.startsWith('@')) value = readTextFile(value.slice(1), `the file of --set ${field}`);
    const kind = describeExpected(shape[field]);
    if (value === '') out.set(field, kind === 'a list' ? [] : undefined);
    else if (kind === 'a list' || kind === 'an object') {
      try {
        out.set(field, JSON.parse(value));
      } catch (err) {
        throw new UsageError(`--set ${field}: must be ${kind === 'a list' ? 'a JSON list' : 'a JSON object'} (${(err as Error).message})`);
      }
    } else if (kind === 'an integer' || kind === 'a number') out.set(field, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
    else if (kind === 'true or false') out.set(field, value === 'true' ? true : value === 'false' ? false : value);
    else out.set(field, value);
  }
  return out;
}

/** Checks the stored article with the changes applied: the columns to write (only the changed ones) and the whole article. */
export function applySets(row: ArticleRow, sets: Map<Field, unknown>): { fields: ArticleFields; article: OwnArticleInput } {
  const merged = { ...asInput(row) };
  for (const [k, v] of sets) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const problems = inputProblems(merged);
  if (problems.length) throw new UsageError(`the article would not be valid:\n  ${problems.join('\n  ')}`);
  const parsed = ownArticleInput.parse(merged) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const k of sets.keys()) fields[k] = k === 'noindex' ? (parsed[k] ?? false) : (parsed[k] ?? null);
  return { fields: fields as ArticleFields, article: parsed as OwnArticleInput };
}
