import * as z from 'astro/zod';
import { isoDate, links } from './common.ts';
import { SITE_PAGE_KINDS } from './page-kinds.ts';

/** Frontmatter of content/pages/**.md (hand-written pages; the other kinds come from their collections). */
export const SitePageInput = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  kind: z.enum(SITE_PAGE_KINDS),
  section: z.string().min(1).optional(),
  updated: isoDate.optional(),
}).strict();

/** A page's kind: one of PAGE_KINDS (src/catalog/page-kinds.ts, which the collections extend); the OpenAPI document states the enum. */
export const pageKind = z.string();

export const Page = z.object({
  path: z.string().regex(/^\//),
  title: z.string(),
  description: z.string(),
  kind: pageKind,
  section: z.string().optional(),
  ...links,
  updated: z.iso.date().optional(),
});
export type Page = z.infer<typeof Page>;

export const SearchResult = Page.extend({ score: z.number() });
export type SearchResult = z.infer<typeof SearchResult>;
