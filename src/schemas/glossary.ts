import * as z from 'astro/zod';
import { isoDate, links, slug, source } from './common.ts';

/** Words ending in a full stop that do not end a sentence: "e.g. Google", "vs. Bing", "etc. and". */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'vs', 'etc', 'cf', 'approx', 'incl', 'esp', 'a.k.a', 'aka', 'al', 'ca', 'no', 'nos', 'fig', 'mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'inc', 'ltd', 'co', 'corp', 'p', 'pp', 'ed', 'eds', 'vol', 'u.s', 'u.k', 'e.u']);

/**
 * Why `text` is not one sentence ending in `.`, `!` or `?`, or undefined when it is. A sentence ends at one of those
 * marks followed by a space and a capital, digit or quote, unless the word before is an abbreviation or initials
 * ("e.g.", "U.S."); a decimal point (2.5) or a dot inside a name (schema.org) is never followed by a space.
 */
export function oneSentenceProblem(text: string): string | undefined {
  if (/\n/.test(text.trim())) return 'must be one sentence on one line';
  if (!/[.!?]["')\u201d]?$/.test(text.trim())) return 'must be one sentence ending with a full stop';
  const boundary = /([^\s]*?)([.!?]+)["')\u201d]?\s+(?=["'(\u201c]?[A-Z0-9])/g;
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) {
    const word = m[1]!.replace(/^[("'\u201c]+/, '').toLowerCase();
    if (m[2] === '.' && (ABBREVIATIONS.has(word) || /^([a-z]\.)*[a-z]$/.test(word))) continue;
    const next = text.slice(boundary.lastIndex, boundary.lastIndex + 30).trim();
    return `must be one sentence (a second one starts "${next}${text.length > boundary.lastIndex + 30 ? '...' : ''}")`;
  }
  return undefined;
}

export const GlossaryCategoryInput = z.object({
  slug,
  label: z.string().min(1),
  description: z.string().min(1),
}).strict();

export const GlossaryCategory = GlossaryCategoryInput.extend({
  term_count: z.int().min(0),
  url: links.url,
});

/** Frontmatter of content/glossary/{slug}.md; the body's `##` sections become `sections`. */
export const GlossaryTermInput = z.object({
  title: z.string().min(1),
  definition: z.string().min(10).superRefine((text, ctx) => {
    const problem = oneSentenceProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  tldr: z.string().min(1),
  category: slug,
  key_points: z.array(z.string().min(1)).min(1),
  related_terms: z.array(slug).default([]),
  sources: z.array(source).min(1),
  updated: isoDate,
}).strict();

export const Section = z.object({
  heading: z.string(),
  /** Markdown, cross-references resolved to absolute links. */
  content: z.string(),
});

export const GlossaryTerm = z.object({
  slug,
  title: z.string(),
  definition: z.string(),
  tldr: z.string().optional(),
  category: slug,
  key_points: z.array(z.string()).optional(),
  sections: z.array(Section).optional(),
  related_terms: z.array(slug).optional(),
  sources: z.array(source).optional(),
  updated: z.iso.date().optional(),
  ...links,
});
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;
export type GlossaryCategory = z.infer<typeof GlossaryCategory>;
