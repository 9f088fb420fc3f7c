// What `npm run new -- <collection> <slug>` can write: a new entry of each collection, its placeholders marked TODO,
// which the checker refuses until each is written (placeholders.ts) and accepts then. The declared collections bring
// their own (collection.ts `scaffold`); the glossary and the site pages, which are not declared collections, are here.
import { stringify } from 'yaml';
import { paths } from '../core/urls.ts';
import { COLLECTIONS } from './collections.ts';

export interface Scaffold {
  /** What `npm run new` takes: the folder's name (`glossary`, `tools`, `pages`). */
  name: string;
  /** Other names it takes: the singular (`term`, `tool`, `page`). */
  aliases: readonly string[];
  /** The folder under content/. */
  folder: string;
  /** A page path may have folders (`docs/webhooks`); an entry's slug may not. */
  nested: boolean;
  /** The page's path for a slug. */
  path: (slug: string) => string;
  /** The new entry; `context.category` is a glossary category that exists. */
  make: (title: string, context: { category: string; today: string }) => { data: Record<string, unknown>; body?: string };
}

const glossary: Scaffold = {
  name: 'glossary',
  aliases: ['term', 'terms'],
  folder: 'glossary',
  nested: false,
  path: paths.term,
  make: (title, { category, today }) => ({
    data: {
      title,
      definition: 'TODO: define the term in one sentence.',
      tldr: 'TODO: the takeaway, in one short line.',
      category,
      key_points: ['TODO: a short, factual point.'],
      sources: [{ title: "TODO: the source's title", url: 'https://example.com/' }],
      updated: today,
    },
    body: '## What it is\n\nTODO: what the term means, in a paragraph or two.\n\n## Why it matters\n\nTODO: why it matters, and what to do about it.',
  }),
};

const pages: Scaffold = {
  name: 'pages',
  aliases: ['page'],
  folder: 'pages',
  nested: true,
  path: (slug) => (slug === 'index' ? '/' : `/${slug.replace(/\/index$/, '')}/`),
  make: (title, { today }) => ({
    data: { title, description: 'TODO: one or two sentences, used as the meta description.', kind: 'page', updated: today },
    body: `TODO: the page's text, in markdown.`,
  }),
};

/** Every collection `npm run new` writes, in the order the help lists them. */
export const SCAFFOLDS: readonly Scaffold[] = [
  glossary,
  ...COLLECTIONS.map(
    (c): Scaffold => ({
      name: c.key,
      aliases: [c.kind],
      folder: c.folder,
      nested: false,
      path: (slug) => `${c.route}${slug}/`,
      make: (title) => c.scaffold(title),
    }),
  ),
  pages,
];

/** The new file's text: the frontmatter as YAML between `---` lines, then the body. */
export function scaffoldText(scaffold: Scaffold, title: string, context: { category: string; today: string }): string {
  const { data, body } = scaffold.make(title, context);
  return `---\n${stringify(data, { lineWidth: 0 })}---\n${body ? `\n${body}\n` : ''}`;
}
