// Who wrote a blog article, for the page's byline, its twin and its JSON-LD: the article's author when it names one,
// else Skribra itself (the blog is written by its agents), so the byline and the structured data always agree.
import type { PublicArticle } from '../api/public/article-source.ts';

type JsonLd = Record<string, unknown>;
export type Author = NonNullable<PublicArticle['author']>;

export const PUBLISHER = 'Skribra';

/** Skribra as schema.org Organization: the blog's publisher, and its author when an article names none. */
export const organization = (site: string): JsonLd => ({
  '@type': 'Organization',
  name: PUBLISHER,
  url: `${site}/`,
  logo: { '@type': 'ImageObject', url: `${site}/favicon.svg` },
});

/** The byline a reader sees; Skribra's carries no link, the site's own header already leads home. */
export const bylineOf = (author: Author | null | undefined): Author => author ?? { name: PUBLISHER };

// The author field does not say whether it names a person. A team says so in its name ("Skribra editorial team"),
// and a person's name never holds these words, so a name with one of them is an Organization.
const GROUP = /\b(team|staff|editors|editorial|desk|newsroom)\b/i;
export const isOrganization = (name: string): boolean => name === PUBLISHER || GROUP.test(name);

/** schema.org `author`: a Person or Organization with the byline's name and page, or Skribra when none is named. */
export function authorJsonLd(author: Author | null | undefined, site: string): JsonLd {
  if (!author) return organization(site);
  return {
    '@type': isOrganization(author.name) ? 'Organization' : 'Person',
    name: author.name,
    ...(author.url ? { url: author.url } : {}),
  };
}
