import { z } from 'astro/zod';
import { isoDate, links, slug, source } from './common.ts';

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
  definition: z.string().min(10).regex(/^[^\n]+[.!?]$/, { error: 'must be one sentence ending with a full stop' }),
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
