// The site's publisher and the site itself: referenced by @id from every page's graph, described in full on the home page.
import type { Organization, SearchAction, WebSite, WithActionConstraints } from 'schema-dts';

export const organizationId = (site: string) => `${site}/#organization`;
export const websiteId = (site: string) => `${site}/#website`;

export function organization(site: string): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: 'Skribra',
    url: `${site}/`,
    logo: { '@type': 'ImageObject', url: `${site}/logo.png`, width: '512', height: '512' },
    description: 'Skribra builds AI agents that research, write, publish and refresh SEO articles.',
    email: 'hello@skribra.com',
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer support', email: 'support@skribra.com' },
      { '@type': 'ContactPoint', contactType: 'sales', email: 'hello@skribra.com' },
    ],
  };
}

/** The site with its search: Google reads the SearchAction's URL template for a sitelinks search box. */
export function website(site: string): WebSite {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${site}/search/?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: 'Skribra',
    url: `${site}/`,
    inLanguage: 'en',
    publisher: { '@id': organizationId(site) },
    potentialAction: search,
  };
}
