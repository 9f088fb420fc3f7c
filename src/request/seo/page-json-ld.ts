// One JSON-LD graph per page, from the same catalog the page is rendered from. Every builder is pure and typed with
// schema.org's vocabulary (schema-dts); tests/site/structured-data.test.ts checks the output against it again.
import { planSlug } from '../../model/core/plan-choices.ts';
import type { Thing, WebPage, DefinedTerm, DefinedTermSet, SoftwareApplication, Product, TechArticle, ItemList } from 'schema-dts';
import type { GlossaryTerm, GlossaryCategory } from '../../model/schemas/glossary.ts';
import type { Tool } from '../../model/schemas/tool.ts';
import type { Pricing } from '../../model/schemas/pricing.ts';
import { organizationId, websiteId } from './site-entities.ts';

export type PageType = 'WebPage' | 'CollectionPage' | 'AboutPage' | 'ContactPage' | 'SearchResultsPage' | 'FAQPage';

/** The page itself: part of the site, with its breadcrumb and, when it has one, its main entity. */
export function webPage(
  site: string,
  path: string,
  name: string,
  description: string,
  type: PageType = 'WebPage',
  extra: Partial<Record<'mainEntity' | 'dateModified' | 'primaryImageOfPage', unknown>> = {},
): WebPage {
  return {
    '@type': type,
    '@id': `${site}${path}#webpage`,
    url: `${site}${path}`,
    name,
    description,
    inLanguage: 'en',
    isPartOf: { '@id': websiteId(site) },
    publisher: { '@id': organizationId(site) },
    ...(extra as object),
  } as WebPage;
}

export const glossarySetId = (site: string) => `${site}/glossary/#termset`;

export function definedTermSet(
  site: string,
  terms: readonly GlossaryTerm[],
  name = 'Skribra SEO glossary',
  path = '/glossary/',
): DefinedTermSet {
  return {
    '@type': 'DefinedTermSet',
    '@id': path === '/glossary/' ? glossarySetId(site) : `${site}${path}#termset`,
    name,
    url: `${site}${path}`,
    hasDefinedTerm: terms.map((t) => ({ '@type': 'DefinedTerm', '@id': `${t.url}#term`, name: t.title, url: t.url })),
  };
}

export function definedTerm(site: string, term: GlossaryTerm, category: GlossaryCategory): DefinedTerm {
  return {
    '@type': 'DefinedTerm',
    '@id': `${term.url}#term`,
    name: term.title,
    description: term.definition,
    url: term.url,
    termCode: term.slug,
    inDefinedTermSet: { '@type': 'DefinedTermSet', '@id': glossarySetId(site), name: 'Skribra SEO glossary', url: `${site}/glossary/` },
    about: { '@type': 'Thing', name: category.label },
  };
}

/** A free tool: a web application that costs nothing and runs in any browser. */
export function softwareApplication(site: string, tool: Tool): SoftwareApplication {
  return {
    '@type': 'SoftwareApplication',
    '@id': `${tool.url}#app`,
    name: tool.title,
    description: tool.description,
    url: tool.url,
    applicationCategory: 'BusinessApplication',
    applicationSubCategory: 'SEO tool',
    operatingSystem: 'Any (runs in a web browser)',
    isAccessibleForFree: true,
    provider: { '@id': organizationId(site) },
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
}

/** The product with one Offer per plan (monthly price) and the BYOK licence. */
export function product(site: string, pricing: Pricing): Product {
  const offers = pricing.plans.map((p) => ({
    '@type': 'Offer' as const,
    name: `${p.name} plan`,
    description: `${p.articles_per_month} articles a month. ${p.tagline}`,
    price: String(p.monthly_usd),
    priceCurrency: pricing.currency,
    url: `${site}/pricing/#plan-${slugOf(p.name)}`,
    availability: 'https://schema.org/InStock' as const,
    priceSpecification: {
      '@type': 'UnitPriceSpecification' as const,
      price: String(p.monthly_usd),
      priceCurrency: pricing.currency,
      referenceQuantity: { '@type': 'QuantitativeValue' as const, value: '1', unitCode: 'MON' },
    },
  }));
  if (pricing.byok) {
    offers.push({
      '@type': 'Offer',
      name: 'Bring-your-own-key licence',
      description: pricing.byok.summary,
      price: String(pricing.byok.price_usd),
      priceCurrency: pricing.currency,
      url: `${site}/pricing/#byok`,
      availability: 'https://schema.org/LimitedAvailability' as 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: String(pricing.byok.price_usd),
        priceCurrency: pricing.currency,
        referenceQuantity: { '@type': 'QuantitativeValue', value: '1', unitCode: 'C62' },
      },
    });
  }
  return {
    '@type': 'Product',
    '@id': `${site}/pricing/#product`,
    name: 'Skribra',
    url: `${site}/pricing/`,
    description: 'AI agents that research, write, publish and refresh SEO articles on a schedule.',
    brand: { '@id': organizationId(site) },
    image: `${site}/og/pricing.png`,
    offers,
  };
}

/** A plan's slug: the one the sign-up form and endpoint take (core/plan-choices.ts). */
export const slugOf = planSlug;

/** A developer doc page. */
export function techArticle(site: string, path: string, headline: string, description: string, updated?: string): TechArticle {
  return {
    '@type': 'TechArticle',
    '@id': `${site}${path}#article`,
    headline,
    description,
    url: `${site}${path}`,
    inLanguage: 'en',
    author: { '@id': organizationId(site) },
    publisher: { '@id': organizationId(site) },
    mainEntityOfPage: { '@id': `${site}${path}#webpage` },
    image: `${site}${ogImagePath(path)}`,
    ...(updated ? { dateModified: updated } : {}),
  };
}

/** The entries an index page lists, in order. */
export function itemList(items: readonly { url: string; name: string }[]): ItemList {
  return {
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, url: it.url, name: it.name })),
  };
}

/** The Open Graph image of a page: /og/index.png for the home page, /og/glossary/seo.png for /glossary/seo/. */
export const ogImagePath = (path: string): string => `/og/${path === '/' ? 'index' : path.replace(/^\/|\/$/g, '')}.png`;

/** A blog article's small card cover: /covers/blog/{slug}.png, 600 × 315. */
export const coverImagePath = (path: string): string => `/covers/${path.replace(/^\/|\/$/g, '')}.png`;

/** The document one page carries: its nodes in one @graph. */
export const graph = (nodes: readonly (Thing | undefined | false)[]) => ({
  '@context': 'https://schema.org',
  '@graph': nodes.filter(Boolean),
});
