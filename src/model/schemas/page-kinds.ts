// The kinds of site page the schemas know without the collections: hand-written pages (content/pages) and the
// glossary's. Every kind, the collections' included, is PAGE_KINDS in src/model/catalog/page-kinds.ts.
export const SITE_PAGE_KINDS = ['page', 'resource', 'audience', 'doc'] as const;
export const GLOSSARY_PAGE_KINDS = ['glossary', 'glossary-category'] as const;
