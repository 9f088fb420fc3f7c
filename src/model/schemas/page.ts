import * as z from 'astro/zod';
import { isoDate, links } from './common.ts';
import { SITE_PAGE_KINDS } from './page-kinds.ts';

/** Frontmatter of content/pages/**.md (hand-written pages; the other kinds come from their collections). */
export const SitePageInput = z
  .object({
    title: z.string().min(1).meta({ description: "The page's title." }),
    description: z.string().min(1).meta({ description: 'One or two sentences, used as the meta description.' }),
    kind: z.enum(SITE_PAGE_KINDS).meta({ description: 'page, resource, audience or doc.' }),
    section: z.string().min(1).optional().meta({ description: 'The group it is listed under (`Docs`).' }),
    updated: isoDate.optional().meta({ description: 'When the page last changed (YYYY-MM-DD).' }),
  })
  .strict();

/** A page's kind: one of PAGE_KINDS (src/model/catalog/page-kinds.ts, which the collections extend); the OpenAPI document states the enum. */
export const pageKind = z.string().meta({ description: "The page's kind, the value of the `kind` filter of /pages." });

export const Page = z
  .object({
    path: z.string().regex(/^\//).meta({ description: "The page's path on the site, from `/`." }),
    title: z.string().meta({ description: "The page's title." }),
    description: z.string().meta({ description: "The page's meta description." }),
    kind: pageKind,
    section: z.string().optional().meta({ description: 'The group it is listed under, when it has one.' }),
    ...links,
    updated: z.iso.date().optional().meta({ description: 'When the page last changed (date).' }),
  })
  .meta({ description: 'A page of the site, with its HTML and markdown addresses.' });
export type Page = z.infer<typeof Page>;

export const SearchResult = Page.extend({
  score: z.number().meta({ description: 'How well it matches: higher is better, and title hits outrank description hits.' }),
}).meta({ description: 'A page that matches the query, with its score.' });
export type SearchResult = z.infer<typeof SearchResult>;
