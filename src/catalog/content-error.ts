import type { z } from 'astro/zod';

/** A content file that does not pass: the build stops with the file, the field and the reason. */
export class ContentError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'ContentError';
  }
}

/** Parses `data` with `schema`, or throws one ContentError listing every bad field of the file. */
export function validate<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : '(file)';
    const reason = issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue.message;
    return `field "${field}": ${reason}`;
  });
  throw new ContentError(file, lines.join('; '));
}
