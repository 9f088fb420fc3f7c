// What each page's Open Graph image says: every HTML page of the site (catalog pages, the blog and the 404) with an
// eyebrow naming its section, its title and description; a blog article's says what kind of article it is, not its
// title (articleCard). write-og-images.ts renders one image per entry.
import type { Catalog } from '../../model/catalog/catalog.ts';
import { COLLECTIONS } from '../../model/catalog/collections.ts';

export interface OgCard {
  path: string;
  eyebrow: string;
  title: string;
  description: string;
  /** A seed for the picture drawn beside the text (a blog article's path): each article's cover looks its own. */
  art?: string;
}

/** What a blog article's card needs: its address and title, and what it shows instead of the title. */
export interface OgArticle {
  url: string;
  title: string;
  type?: string | null;
  tags?: readonly string[] | null;
  author?: { name: string } | null;
  reading_time?: number | null;
}

/** What ogCards needs of the blog: its articles, its index pages, and the index's title and description. */
export interface OgBlog {
  articles: OgArticle[];
  pages: { path: string; n: number; total: number }[];
  title: string;
  description: string;
}

const KIND_EYEBROW: Record<string, string> = {
  glossary: 'SEO glossary',
  'glossary-category': 'SEO glossary',
  ...Object.fromEntries(COLLECTIONS.map((c) => [c.kind, c.eyebrow])),
  doc: 'Developer docs',
  resource: 'Resource',
  audience: 'Skribra for teams',
  page: 'Skribra',
};

/**
 * A blog article's card (its Open Graph image and its cover on the blog index): its kind, topics, author and reading
 * time over a picture of its own. Not its title or summary, which the page's H1 and the index's card already say
 * beside it, nor its address: a line that repeats one of those word for word is left out.
 */
export function articleCard(a: OgArticle): OgCard {
  const path = new URL(a.url).pathname;
  const title = a.title.trim().toLowerCase();
  const fresh = (s: string) => (title && s.toLowerCase().includes(title) ? '' : s);
  const kind = fresh(a.type ? a.type.charAt(0).toUpperCase() + a.type.slice(1) : '') || 'Article';
  const about = [
    fresh((a.tags ?? []).slice(0, 3).join(' · ')),
    a.author && fresh(`by ${a.author.name}`),
    a.reading_time ? `${a.reading_time} min read` : '',
  ].filter(Boolean);
  return { path, eyebrow: 'Skribra blog', title: kind, description: about.join(' · '), art: path };
}

/** A page of the blog's index: its title, and page n of the total past the first. */
export const blogIndexCard = (p: OgBlog['pages'][number], blog: Pick<OgBlog, 'title' | 'description'>): OgCard => ({
  path: p.path,
  eyebrow: 'Skribra blog',
  title: p.n > 1 ? `${blog.title}, page ${p.n} of ${p.total}` : blog.title,
  description: blog.description,
});

/** Linear in the site's size (maps, not a search per page): it runs over every page of a 100,000-term glossary. */
export function ogCards(catalog: Catalog, blog: OgBlog): OgCard[] {
  // First wins, as a search from the start would find it.
  const termByPath = new Map<string, Catalog['terms'][number]>();
  for (const t of catalog.terms) {
    const path = new URL(t.url).pathname;
    if (!termByPath.has(path)) termByPath.set(path, t);
  }
  const categoryBySlug = new Map<string, Catalog['categories'][number]>();
  for (const c of catalog.categories) if (!categoryBySlug.has(c.slug)) categoryBySlug.set(c.slug, c);
  const cards: OgCard[] = catalog.pages.map((p) => {
    const term = p.kind === 'glossary' ? termByPath.get(p.path) : undefined;
    const category = term && categoryBySlug.get(term.category);
    return {
      path: p.path,
      eyebrow: category ? `SEO glossary · ${category.label}` : (KIND_EYEBROW[p.kind] ?? 'Skribra'),
      title: term?.title ?? p.title,
      description: p.description,
    };
  });
  for (const a of blog.articles) cards.push(articleCard(a));
  const taken = new Set(cards.map((c) => c.path));
  for (const p of blog.pages) {
    if (taken.has(p.path)) continue;
    taken.add(p.path);
    cards.push(blogIndexCard(p, blog));
  }
  cards.push({
    path: '/404/',
    eyebrow: 'Skribra',
    title: 'Page not found',
    description: 'Try the glossary, the free tools, the docs or search.',
  });
  return cards;
}
