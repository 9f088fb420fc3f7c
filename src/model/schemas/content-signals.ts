import * as z from 'astro/zod';

/** The editors' file, in the content folder: optional; without it the site grants DEFAULT_CONTENT_SIGNALS. */
export const CONTENT_SIGNALS_FILE = 'content-signals.yaml';

const signal = z.enum(['yes', 'no'], { error: 'must be yes or no' });

/**
 * Content Signals (contentsignals.org, Cloudflare's Content Signals Policy): what crawled content may be used for.
 * Stated in robots.txt for every user agent and on every markdown answer (`Content-Signal` header). A signal left out
 * grants nothing and denies nothing; at least one must be given (delete the file for the defaults).
 */
export const ContentSignals = z
  .object({
    search: signal
      .optional()
      .meta({ description: 'Building a search index and showing search results (links and short excerpts); not AI-generated summaries.' }),
    'ai-input': signal.optional().meta({
      description: 'Feeding the content into AI models as they answer (retrieval augmented generation, grounding, AI search answers).',
    }),
    'ai-train': signal.optional().meta({ description: 'Training or fine-tuning AI models.' }),
  })
  .strict()
  .refine((s) => Object.values(s).some(Boolean), {
    error: 'must give at least one of search, ai-input and ai-train (delete the file for the defaults)',
  });
export type ContentSignals = z.output<typeof ContentSignals>;

/** Search and AI answers yes, training no: found and quoted, not absorbed. */
export const DEFAULT_CONTENT_SIGNALS: ContentSignals = { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' };
