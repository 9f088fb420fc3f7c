/** How a person reads a page's kind (the search index's `kind` filter): `glossary-category` as "Glossary category". */
export function kindLabel(kind: string): string {
  const named: Record<string, string> = { doc: 'Docs', page: 'Site page', blog: 'Blog' };
  return named[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1).replaceAll('-', ' ')}`;
}
