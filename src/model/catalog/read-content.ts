import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import type { Problems } from './problems.ts';
import type { SourceFile } from './source-file.ts';
import { yamlErrorAt } from './yaml-error-at.ts';
import { checkPlaceholders } from './placeholders.ts';

export type { SourceFile };

export interface ContentFile extends SourceFile {
  /** Path inside the collection folder without `.md`: `docs/public-api`. */
  name: string;
  data: Record<string, unknown>;
  body: string;
  /** Where `body` starts in `source`, so a problem in the body gets its line. */
  bodyOffset: number;
}

export interface YamlFile extends SourceFile {
  data: unknown;
}

/** Relative to the working directory when inside it (`content/glossary/seo.md`), else absolute: how problems name files. */
export const display = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
};

/** The frontmatter's span in a markdown file: after the `---` line, up to the closing `---` line. */
function frontmatterSpan(source: string): { start: number; end: number } {
  if (!/^---[ \t]*\r?\n/.test(source)) return { start: 0, end: 0 };
  const start = source.indexOf('\n') + 1;
  const close = /^---[ \t]*$/m.exec(source.slice(start));
  return { start, end: close ? start + close.index : source.length };
}

/** A YAML error of `source`'s text from `start` to `end`, placed in the file (1-based line and column). */
function yamlProblem(problems: Problems, file: SourceFile, start: number, end: number, err: unknown) {
  const at = yamlErrorAt(file.source.slice(start, end));
  const message = at?.message ?? (err as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return { ...problems.position(file, start + (at?.offset ?? 0)), message: `is not valid YAML (${message})` };
}

/**
 * Frontmatter is read by the yaml package (YAML 1.2 core schema), not gray-matter's default js-yaml: js-yaml turns
 * `2026-13-45` into a Date by rolling it over to 2027-02-14, so an impossible date would pass silently. Here a date
 * stays the text it is, and the field's schema refuses one that is not a real calendar date, at its line.
 */
const FRONTMATTER = { engines: { yaml: (text: string) => (parseYaml(text) ?? {}) as object } };

/**
 * Every `.md` file under `dir` (recursively), sorted by name so builds are deterministic. A file whose frontmatter is
 * not YAML is reported to `problems` and left out.
 */
export function readMarkdownDir(dir: string, problems: Problems): ContentFile[] {
  if (!existsSync(dir)) return [];
  const names = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md') && !f.split(/[\\/]/).some((part) => part.startsWith('_') || part === 'README.md'))
    .sort();
  const files: ContentFile[] = [];
  for (const f of names) {
    const path = join(dir, f);
    const source = readFileSync(path, 'utf8');
    const span = frontmatterSpan(source);
    const base = { file: display(path), source, yamlStart: span.start, yamlEnd: span.end };
    try {
      // Options turn off gray-matter's cache, which keeps every text it saw and hands back a stale result for a text
      // whose frontmatter failed before.
      const { data, content } = matter(source, FRONTMATTER);
      const body = content.trim();
      const bodyOffset = body ? source.indexOf(body, span.end) : source.length;
      const file = { ...base, name: f.slice(0, -3).replaceAll('\\', '/'), data: data ?? {}, body, bodyOffset };
      checkPlaceholders(file, problems);
      files.push(file);
    } catch (err) {
      // gray-matter hands the engine the text from the end of the `---` line: its positions are not the file's.
      problems.add({ file: base.file, field: 'frontmatter', ...yamlProblem(problems, base, span.start, span.end, err) });
    }
  }
  return files;
}

/** A YAML file, or undefined (reported to `problems`) when it is missing or not YAML. */
export function readYamlFile(path: string, problems: Problems): YamlFile | undefined {
  const file = display(path);
  if (!existsSync(path)) {
    problems.add({ file, line: 1, column: 1, field: '', message: 'is missing' });
    return undefined;
  }
  const source = readFileSync(path, 'utf8');
  try {
    return { file, source, yamlStart: 0, yamlEnd: source.length, data: parseYaml(source) };
  } catch (err) {
    problems.add({
      file,
      field: '',
      ...yamlProblem(problems, { file, source, yamlStart: 0, yamlEnd: source.length }, 0, source.length, err),
    });
    return undefined;
  }
}
