import { z } from 'astro/zod';
import { ApiError } from './api-error.ts';

/**
 * A positive integer parameter: absent (or empty) gives the default, above `cap` is capped (spec section 8),
 * anything else is refused. Integers past 2^53 are refused too: they cannot be paged through exactly.
 */
export const intParam = (fallback: number, cap?: number) =>
  z.string().optional().transform((raw, ctx) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer of at least 1' });
      return z.NEVER;
    }
    return cap ? Math.min(n, cap) : n;
  });

/** `true`/`false` (or `1`/`0`); absent or empty is false. */
export const boolParam = z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => v === 'true' || v === '1');

/** Longest echo of a bad value in an error message. */
const ECHO = 60;

/**
 * Parses a query string with one zod object schema per route. Unknown parameters are ignored; a repeated one counts
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
    : issue.message.replace(/^Invalid input: /, '');
  const got = raw[name];
  const echo = got === undefined ? '' : ` (got "${got.length > ECHO ? `${got.slice(0, ECHO)}…` : got}")`;
  throw new ApiError(400, 'invalid_query', `Query parameter "${name}" ${reason}${echo}.`);
}
