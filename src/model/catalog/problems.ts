// Collects every content problem with its position. Positions come from `yaml`'s parseDocument, run only on a
// file that has a problem (gray-matter, which reads every file, does not give positions), so a clean folder costs
// nothing extra.
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type * as z from 'astro/zod';
import { describeIssue, issueErrorMap } from '../core/describe-issue.ts';
import { ContentError, type ContentProblem } from './content-error.ts';
import { didYouMean } from './did-you-mean.ts';
import type { SourceFile } from './source-file.ts';

type Path = readonly (string | number)[];

const dotted = (path: Path) => path.map(String).join('.');

/** The object schema's field names at `path` (through lists, optionals and defaults), for "did you mean". */
function fieldsAt(schema: z.ZodType, path: Path): string[] {
  let node = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const unwrap = () => {
    for (let i = 0; i < 8 && ['optional', 'default', 'nullable', 'prefault', 'pipe'].includes(String(node.type)); i++) {
      const inner = (node.innerType ?? node.in) as { _zod: { def: Record<string, unknown> } } | undefined;
      if (!inner) break;
      node = inner._zod.def;
    }
  };
  for (const seg of path) {
    unwrap();
    if (node.type === 'array') node = (node.element as { _zod: { def: Record<string, unknown> } })._zod.def;
    else if (node.type === 'object') {
      const next = (node.shape as Record<string, { _zod: { def: Record<string, unknown> } }>)[String(seg)];
      if (!next) return [];
      node = next._zod.def;
    } else return [];
  }
  unwrap();
  return node.type === 'object' ? Object.keys(node.shape as object) : [];
}

/** The raw value at `path` of parsed data. */
const valueAt = (data: unknown, path: Path): unknown =>
  path.reduce<unknown>((at, seg) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[seg] : undefined), data);

export class Problems {
  readonly list: ContentProblem[] = [];
  readonly #docs = new WeakMap<SourceFile, Document | null>();

  add(problem: ContentProblem): void {
    this.list.push(problem);
  }

  /** Every problem, in file and line order. */
  sorted(): ContentProblem[] {
    return [...this.list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  }

  /** Throws one ContentError listing every problem, in file and line order, when there is any. */
  throwIfAny(): void {
    if (this.list.length) throw new ContentError(this.sorted());
  }

  /** 1-based line of a character offset in the file. */
  lineOf(src: SourceFile, offset: number): number {
    return this.position(src, offset).line;
  }

  position(src: SourceFile, offset: number): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let i = src.source.indexOf('\n'); i !== -1 && i < offset; i = src.source.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, column: offset - lineStart + 1 };
  }

  /** A problem at the frontmatter key (or list item) `path`; a missing key points where it would go. */
  at(src: SourceFile, path: Path, message: string): void {
    this.add({ file: src.file, ...this.position(src, this.offsetOf(src, path)), field: dotted(path) || '(file)', message });
  }

  /** A problem at a character offset of the file (the body). */
  atOffset(src: SourceFile, offset: number, field: string, message: string): void {
    this.add({ file: src.file, ...this.position(src, offset), field, message });
  }

  /**
   * Parses `data` with `schema`; records every issue and returns undefined when it does not pass. A value refused at
   * a field gets a "did you mean" from the values the field allows (an enum's), or from `known` by dotted field
   * (`{ category: categorySlugs, 'related_terms.*': slugs }`, `*` for any list index):
   * `kind: must be one of page, resource, audience, doc (did you mean "doc"?)`.
   */
  validate<T extends z.ZodType>(
    schema: T,
    data: unknown,
    src: SourceFile,
    prefix: Path = [],
    known: Readonly<Record<string, Iterable<string>>> = {},
  ): z.output<T> | undefined {
    const result = schema.safeParse(data, { error: issueErrorMap });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        const known = fieldsAt(schema, issue.path as Path);
        for (const key of issue.keys) {
          const close = didYouMean(key, known);
          const hint = close ? `did you mean ${close}?` : known.length ? `expected one of ${known.join(', ')}` : '';
          this.at(src, [...prefix, ...(issue.path as Path), key], `is not a known field${hint ? ` (${hint})` : ''}`);
        }
        continue;
      }
      const described = describeIssue(issue);
      const path = described.path ? described.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : [];
      const value = valueAt(data, path);
      const allowed = issue.code === 'invalid_value' ? issue.values.map(String) : known[described.path.replace(/\.\d+(?=\.|$)/g, '.*')];
      const close = typeof value === 'string' && allowed ? didYouMean(value, allowed) : undefined;
      this.at(src, [...prefix, ...path], close ? `${described.reason} (did you mean ${close}?)` : described.reason);
    }
    return undefined;
  }

  /** Where `path` is in the file's YAML: the key of a map entry, the item of a list, else its nearest parent. */
  private offsetOf(src: SourceFile, path: Path): number {
    const doc = this.document(src);
    // A missing top-level field of a markdown file goes before the closing `---`; of a YAML file, at the top.
    const fallback = src.yamlEnd > src.yamlStart && src.yamlStart > 0 ? src.yamlEnd : src.yamlStart;
    if (!doc) return fallback;
    let node: unknown = doc.contents;
    let at = fallback;
    for (const seg of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
        if (!pair) return at;
        at = src.yamlStart + ((pair.key as Node).range?.[0] ?? 0);
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as Node | undefined;
        if (!item) return at;
        at = src.yamlStart + (item.range?.[0] ?? 0);
        node = item;
      } else return at;
    }
    return at;
  }

  private document(src: SourceFile): Document | null {
    let doc = this.#docs.get(src);
    if (doc === undefined) {
      const parsed = parseDocument(src.source.slice(src.yamlStart, src.yamlEnd));
      doc = parsed.errors.length ? null : parsed;
      this.#docs.set(src, doc);
    }
    return doc;
  }
}
