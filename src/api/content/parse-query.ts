// One zod schema per route's query; a bad value is 400 invalid_query naming the parameter.
import { z } from 'zod';
import { invalidQuery } from '../http/api-error.ts';

const intParam = (min: number) => z.string().regex(/^\d{1,9}$/, { error: 'must be an integer' }).transform(Number)
  .refine((n) => n >= min, { error: `must be at least ${min}` });

const projectId = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100, { error: 'is too long' });

export const listQuery = z.object({
  projectId,
  page: intParam(1).default(1),
  /** Above 100 is capped, not refused. */
  limit: intParam(1).transform((n) => Math.min(n, 100)).default(20),
  // A `+` in an unencoded offset arrives as a space.
  updatedSince: z.string().transform((s) => s.replace(' ', '+'))
    .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z' }))
    .transform((s) => new Date(s)).optional(),
  sort: z.enum(['published_at', 'updated_at', 'title'], { error: 'must be one of published_at, updated_at, title' }).default('published_at'),
  order: z.enum(['desc', 'asc'], { error: 'must be desc or asc' }).default('desc'),
});
export type ListQuery = z.infer<typeof listQuery>;

export const detailQuery = z.object({ projectId });

export function parseQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in raw)) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw invalidQuery(String(issue.path[0] ?? 'query'), issue.message);
}
