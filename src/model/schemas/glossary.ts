import * as z from 'astro/zod';
import { isoDate, links, slug, source } from './common.ts';

/** Words ending in a full stop that do not end a sentence: "e.g. Google", "vs. Bing", "etc. and". */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'vs',
  'etc',
  'cf',
  'approx',
  'incl',
  'esp',
  'a.k.a',
  'aka',
  'al',
  'ca',
  'no',
  'nos',
  'fig',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'corp',
  'p',
  'pp',
  'ed',
  'eds',
  'vol',
  'u.s',
  'u.k',
  'e.u',
]);

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

export const GlossaryCategoryInput = z
  .object({
    slug,
    label: z.string().min(1).meta({ description: "The category's name (`Technical SEO`)." }),
    description: z.string().min(1).meta({ description: 'One or two sentences, shown on the category page and as its meta description.' }),
  })
  .strict();

export const GlossaryCategory = GlossaryCategoryInput.extend({
  term_count: z.int().min(0).meta({ description: 'How many glossary terms are in the category.' }),
  url: links.url,
}).meta({ description: 'A category of the glossary, which each term names in `category`.' });

/** Frontmatter of content/glossary/{slug}.md; the body's `##` sections become `sections`. */
export const GlossaryTermInput = z
  .object({
    title: z.string().min(1).meta({ description: 'The term as a reader would search for it.' }),
    definition: z
      .string()
      .min(10)
      .superRefine((text, ctx) => {
        const problem = oneSentenceProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({ description: 'One sentence that defines the term, on one line.' }),
    tldr: z.string().min(1).meta({ description: 'The takeaway, in one short line.' }),
    category: slug.meta({ description: "The slug of the term's category (glossary-categories.yaml)." }),
    key_points: z.array(z.string().min(1)).min(1).meta({ description: 'Short, factual points, one string each.' }),
    related_terms: z.array(slug).default([]).meta({ description: 'Slugs of related glossary terms; empty by default.' }),
    sources: z.array(source).min(1).meta({ description: 'Where the facts come from, each `{title, url}`.' }),
    updated: isoDate.meta({ description: 'When the term was last updated (YYYY-MM-DD).' }),
  })
  .strict();

export const Section = z.object({
  heading: z.string().meta({ description: "The section's heading." }),
  content: z.string().meta({ description: 'Markdown, cross-references resolved to absolute links.' }),
});

export const GlossaryTerm = z
  .object({
    slug,
    title: z.string().meta({ description: 'The term as a reader would search for it.' }),
    definition: z.string().meta({ description: 'One sentence that defines the term.' }),
    tldr: z.string().optional().meta({ description: 'The takeaway, in one short line.' }),
    category: slug.meta({ description: "The slug of the term's category." }),
    key_points: z.array(z.string()).optional().meta({ description: 'Short, factual points; in lists only with `full=true`.' }),
    sections: z.array(Section).optional().meta({ description: "The body's sections, in order; in lists only with `full=true`." }),
    related_terms: z.array(slug).optional().meta({ description: 'Slugs of related glossary terms.' }),
    sources: z.array(source).optional().meta({ description: 'Where the facts come from; in lists only with `full=true`.' }),
    updated: z.iso.date().optional().meta({ description: 'When the term was last updated (date).' }),
    ...links,
  })
  .meta({ description: 'An SEO glossary term: a one-sentence definition, key points, sections and sources.' });
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;
export type GlossaryCategory = z.infer<typeof GlossaryCategory>;
