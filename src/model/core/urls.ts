// Every public URL is built here, so the HTML, the JSON, the twins and the sitemap agree.

/** Where the build writes the site's search index, and where the search page loads it from. */
export const SEARCH_INDEX_DIR = 'pagefind';

/** SITE_URL without a trailing slash. */
export const normaliseSite = (site: string): string => site.replace(/\/+$/, '');

/** The markdown twin of a page path: `/glossary/seo/` -> `/glossary/seo.md`, `/` -> `/index.md`. */
export const markdownPath = (path: string): string => (path === '/' ? '/index.md' : `${path.replace(/\/$/, '')}.md`);

/** The page path a twin belongs to, or undefined when the path is not a twin. */
export const pathOfTwin = (mdPath: string): string | undefined => {
  if (!mdPath.endsWith('.md')) return undefined;
  return mdPath === '/index.md' ? '/' : `${mdPath.slice(0, -3)}/`;
};

export const pageLinks = (site: string, path: string) => ({
  url: `${site}${path}`,
  markdown_url: `${site}${markdownPath(path)}`,
});

/**
 * The paths of the pages no collection declares. A collection's pages are `{route}` and `{route}{slug}/` from its
 * declaration (src/model/catalog/collections/*.ts), never listed here: tests/core/urls.test.ts fails if one is.
 */
export const paths = {
  home: '/',
  glossary: '/glossary/',
  category: (slug: string) => `/glossary/categories/${slug}/`,
  term: (slug: string) => `/glossary/${slug}/`,
  pricing: '/pricing/',
  blog: '/blog/',
  article: (slug: string) => `/blog/${slug}/`,
  search: '/search/',
} as const;
