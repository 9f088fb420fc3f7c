import * as z from 'astro/zod';
import { ApiError } from '../http/api-error.ts';
import { describeIssue, issueErrorMap } from '../../../model/core/describe-issue.ts';

// One input schema per server tool: what the tool page posts.
export const toolInputs = {
  'content-brief-builder': z.object({
    /** A topic or a whole draft. */
    text: z.string().trim().min(2, { error: 'must hold a topic or a draft (at least 2 characters)' }),
  }),
  'heading-link-audit': z.object({
    /** A page's source or an article body; parsed, never executed. */
    html: z.string().refine((s) => s.trim().length > 0, { error: 'must hold some HTML' }),
    /** The page's address, so links to its host count as internal. */
    page_url: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  }),
} as const;
export type ServerToolSlug = keyof typeof toolInputs;

/** Validates a parsed body; the message names the field, e.g. `Field "html" must hold some HTML.` */
export function parseToolInput<S extends ServerToolSlug>(slug: S, body: unknown): z.infer<(typeof toolInputs)[S]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'invalid_body', 'The request body must be a JSON object.');
  const result = toolInputs[slug].safeParse(body, { error: issueErrorMap });
  if (result.success) return result.data as z.infer<(typeof toolInputs)[S]>;
  const { path, reason } = describeIssue(result.error.issues[0]!);
  throw new ApiError(400, 'invalid_body', `Field "${path || 'body'}" ${reason}.`);
}
