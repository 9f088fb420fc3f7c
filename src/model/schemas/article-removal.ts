// A gone article as a site needs it to drop or redirect it: the data of the webhook's article.unpublished and
// article.redirected events and, with its type and time, a `removed` item of the sync feed.
import * as z from 'zod';

export const articleRemoval = z
  .object({
    id: z.string().meta({ description: "The article's id, as in its earlier upsert or event." }),
    slug: z.string().meta({ description: 'The slug it was listed under.' }),
    reason: z.enum(['unpublished', 'redirected']).meta({
      description:
        '`unpublished` (also a deleted article): it is gone, answer 404 from now on; `redirected`: consolidation sends readers to its `redirect_to`.',
    }),
    redirect_to: z
      .string()
      .optional()
      .meta({ description: 'Where readers go now (`redirected` only), so a site serves the redirect without a detail request.' }),
    redirect_type: z.string().optional().meta({ description: '`permanent` (301) or temporary (302) (`redirected` only).' }),
  })
  .meta({ description: 'A gone article: what a site needs to drop or redirect it.' });

/** The status a redirect of `redirect_type` answers with: 301 for `permanent`, else 302 (the spec's consolidation rule). */
export const redirectStatus = (redirectType: string | null | undefined): 301 | 302 => (redirectType === 'permanent' ? 301 : 302);
