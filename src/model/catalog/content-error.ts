// What is wrong with the content folder: every problem, each as `file:line:column: field: what is wrong`, so an
// editor fixes them all in one pass. The checker (npm run check:content) and the build print the same list.

import { resolve } from 'node:path';

export interface ContentProblem {
  /** Path relative to the working directory. */
  file: string;
  line: number;
  column: number;
  /** Dotted frontmatter path, `body`, `file name`, or '' for the file as a whole. */
  field: string;
  /** Reads after the field: `is required`, `must be a date YYYY-MM-DD (expected e.g. 2026-01-31)`. */
  message: string;
}

export const formatProblem = (p: ContentProblem): string => `${p.file}:${p.line}:${p.column}: ${p.field ? `${p.field}: ` : ''}${p.message}`;

/** The closing line of the list: how many problems in how many files. */
export function problemSummary(problems: readonly ContentProblem[]): string {
  const files = new Set(problems.map((p) => p.file)).size;
  return `${problems.length} content problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
}

/** The problems as the checker prints them: one line each, then the summary. */
export const problemList = (problems: readonly ContentProblem[]): string =>
  [...problems.map(formatProblem), problemSummary(problems)].join('\n');

/**
 * The content does not pass: `problems` holds every one, in file and line order; the message is the list. In
 * `npm run dev` Astro's overlay shows it as it shows its own errors (AstroError's fields): `loc` is the first
 * problem's file, line and column, so the overlay shows that file and "Open in editor" opens it; `title` names the
 * file; and there is no stack, since the mistake is in the content, not in the code that found it.
 */
export class ContentError extends Error {
  readonly problems: ContentProblem[];
  readonly loc: { file: string; line: number; column: number } | undefined;
  readonly title: string;
  readonly hint = 'Fix the file and save it: the page reloads. `npm run check:content` checks every file at once.';
  constructor(problems: ContentProblem[]) {
    super(problemList(problems));
    this.name = 'ContentError';
    this.problems = problems;
    const first = problems[0];
    this.loc = first && { file: resolve(first.file), line: first.line, column: first.column };
    const summary = problemSummary(problems);
    this.title = !first
      ? summary
      : summary.endsWith(' in 1 file')
        ? `${summary.slice(0, -' 1 file'.length)} ${first.file}`
        : `${summary}, the first in ${first.file}`;
    this.stack = '';
  }
}

/**
 * Runs `load`; when the content does not pass, prints the list (no stack trace) to stderr and ends the process
 * with exit code 1. The build's config hook uses it, so a bad content folder reads like `npm run check:content`.
 */
export function loadOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    process.stderr.write(`${err.message}\nRun npm run check:content to check again without building.\n`);
    process.exit(1);
  }
}
