import type * as z from 'zod';
import { CONTROL } from '../../../model/core/decode-path.ts';
import { describeIssue, issueErrorMap } from '../../../model/core/describe-issue.ts';
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
  const result = schema.safeParse(raw, { error: issueErrorMap });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'query');
  const reason = raw[name] === undefined ? 'is required' : describeIssue(issue).reason;
  const got = raw[name];
  // The echo is JSON-escaped by the body; a value with control characters is never echoed.
  const echo = got === undefined || CONTROL.test(got) ? '' : ` (got "${got.length > ECHO ? `${got.slice(0, ECHO)}…` : got}")`;
  throw new ApiError(400, 'invalid_query', `Query parameter "${name}" ${reason}${echo}.`);
}
