// What each page's Open Graph image says: every HTML page of the site (catalog pages, the blog and the 404) with an
// eyebrow naming its section, its title and description. The OG route renders one image per entry.
import type { Catalog } from '../api/public/catalog.ts';
import { ogImagePath } from './page-json-ld.ts';

export interface OgCard { path: string; eyebrow: string; title: string; description: string }

const KIND_EYEBROW: Record<string, string> = {
  glossary: 'SEO glossary', 'glossary-category': 'SEO glossary', tool: 'Free SEO tool', agent: 'AI agent', feature: 'Feature',
  comparison: 'Comparison', doc: 'Developer docs', resource: 'Resource', audience: 'Skribra for teams', page: 'Skribra',
};

export function ogCards(catalog: Catalog, blog: { articles: { url: string; title: string; excerpt?: string | null }[]; pages: { path: string; n: number; total: number }[]; title: string; description: string }): OgCard[] {
  const cards: OgCard[] = catalog.pages.map((p) => {
    const term = p.kind === 'glossary' ? catalog.terms.find((t) => new URL(t.url).pathname === p.path) : undefined;
    const category = term && catalog.categories.find((c) => c.slug === term.category);
    return { path: p.path, eyebrow: category ? `SEO glossary · ${category.label}` : KIND_EYEBROW[p.kind] ?? 'Skribra', title: term?.title ?? p.title, description: p.description };
  });
  for (const a of blog.articles) cards.push({ path: new URL(a.url).pathname, eyebrow: 'Skribra blog', title: a.title, description: a.excerpt ?? '' });
  for (const p of blog.pages) {
    if (!cards.some((c) => c.path === p.path)) cards.push({ path: p.path, eyebrow: 'Skribra blog', title: p.n > 1 ? `${blog.title}, page ${p.n} of ${p.total}` : blog.title, description: blog.description });
  }
  cards.push({ path: '/404/', eyebrow: 'Skribra', title: 'Page not found', description: 'Try the glossary, the free tools, the docs or search.' });
  return cards;
}

/** The image route's parameter for a page: "glossary/seo" for /glossary/seo/ (served at /og/glossary/seo.png). */
export const ogParam = (path: string): string => ogImagePath(path).slice('/og/'.length, -'.png'.length);
