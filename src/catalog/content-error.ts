// What is wrong with the content folder: every problem, each as `file:line:column: field: what is wrong`, so an
// editor fixes them all in one pass. The checker (npm run check:content) and the build print the same list.

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

/** The content does not pass: `problems` holds every one, in file and line order; the message is the list. */
export class ContentError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super([...problems.map(formatProblem), problemSummary(problems)].join('\n'));
    this.name = 'ContentError';
    this.problems = problems;
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
