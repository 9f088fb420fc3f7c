import { z } from 'astro/zod';
import { ApiError } from './api-error.ts';

/** A positive integer parameter: absent gives the default, above `cap` is capped, anything else bad is refused. */
export const intParam = (fallback: number, cap?: number) =>
  z.string().optional().transform((raw, ctx) => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer of at least 1' });
      return z.NEVER;
    }
    const n = Number(raw);
    return cap ? Math.min(n, cap) : n;
  });

export const boolParam = z.enum(['true', 'false', '1', '0']).optional().transform((v) => v === 'true' || v === '1');

/**
 * Parses a query string with one zod object schema per route. Unknown parameters are ignored; the first bad one
 * becomes 400 invalid_query naming it.
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
    ? `must be one of ${(issue.values as unknown[]).join(', ')}`
    : issue.message.replace(/^Invalid input: /, '');
  throw new ApiError(400, 'invalid_query', `Query parameter "${name}" ${reason}${raw[name] !== undefined ? ` (got "${raw[name]}")` : ''}.`);
}
