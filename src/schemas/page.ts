import * as z from 'astro/zod';
import { isoDate, links } from './common.ts';
import { PAGE_KINDS } from './page-kinds.ts';

export { PAGE_KINDS };
export const PageKind = z.enum(PAGE_KINDS);

/** Frontmatter of content/pages/**.md (hand-written pages; the other kinds come from their collections). */
export const SitePageInput = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  kind: z.enum(['page', 'resource', 'audience', 'doc']),
  section: z.string().min(1).optional(),
  updated: isoDate.optional(),
}).strict();

export const Page = z.object({
  path: z.string().regex(/^\//),
  title: z.string(),
  description: z.string(),
  kind: PageKind,
  section: z.string().optional(),
  ...links,
  updated: z.iso.date().optional(),
});
export type Page = z.infer<typeof Page>;

export const SearchResult = Page.extend({ score: z.number() });
export type SearchResult = z.infer<typeof SearchResult>;
