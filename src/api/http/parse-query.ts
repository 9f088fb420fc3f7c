import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/** Longest echo of a bad value in an error message. */
const ECHO = 60;

/**
 * Parses a query string with the endpoint's zod object schema. Unknown parameters are ignored; a repeated one counts
 * once (its first value); the first bad one becomes 400 invalid_query naming it.
 */
export function parseQuery<T extends z.ZodObject>(schema: T, params: URLSearchParams): z.output<T> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'query');
  const reason = issue.code === 'invalid_value' && 'values' in issue
    ? `must be one of ${(issue.values as unknown[]).filter((v) => v !== '').join(', ')}`
    : raw[name] === undefined ? 'is required' : issue.message.replace(/^Invalid input: /, '');
  const got = raw[name];
  // The echo is JSON-escaped by the body; control characters never reach it (they are refused before echoing).
  const echo = got === undefined || /[\u0000-\u001f\u007f-\u009f]/.test(got) ? '' : ` (got "${got.length > ECHO ? `${got.slice(0, ECHO)}…` : got}")`;
  throw new ApiError(400, 'invalid_query', `Query parameter "${name}" ${reason}${echo}.`);
}
