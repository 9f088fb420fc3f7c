// What a collection of the site is, declared once (src/model/catalog/collections/{key}.ts): a folder of `{slug}.md` files
// with a schema, the API resource each file becomes, the page each entry gets and where those pages appear. The
// loader, the Catalog type, the public API's endpoints and handlers, the static API files, the OpenAPI document, the
// page kinds, the twins, llms.txt, llms-full.txt, the sitemap, search and the Open Graph cards all read it; nothing
// else lists the collections. The page template is the Astro route at `route` (src/site/pages/{route}/[slug].astro).
import type * as z from 'astro/zod';
import { once } from '../core/once.ts';
import { list, single } from '../schemas/envelope.ts';

/** An entry's absolute links, as every public resource carries them. */
export interface Links {
  url: string;
  markdown_url: string;
}

/** Another collection a field names entries of: an unknown slug is a content problem with a "did you mean". */
export interface Reference {
  field: string;
  collection: string;
  noun: string;
}

// `L` and `D` keep the list and detail endpoint ids literal, so each API's handler table is checked against them.
export interface Collection<
  K extends string = string,
  // biome-ignore lint/suspicious/noExplicitAny: the defaults are for code over any collection; each declaration narrows them
  In = any,
  // biome-ignore lint/suspicious/noExplicitAny: as above
  Item extends { slug: string } & Links = any,
  L extends string = string,
  D extends string = string,
> {
  /** The catalog's field (`catalog.tools`) and the public API's path segment (`/api/v1/tools`). */
  key: K;
  /** The folder under content/ with one `{slug}.md` per entry; the file name is the slug. */
  folder: string;
  /** The frontmatter's schema: a comment on every field there, as editors read it through content/README.md. */
  input: z.ZodType<In>;
  /** The resource as the API sends it; registered in the OpenAPI document under `name`. */
  output: z.ZodType<Item>;
  /** The resource's OpenAPI name (`Tool`); its envelopes are `{name}List` and `{name}Response`. */
  name: string;
  /** The list's items when a list shows less than the whole entry (comparisons list their summaries). */
  summary?: { name: string; schema: z.ZodType; of: (item: Item) => unknown };
  /** Its answers, `{name}List` and `{name}Response`: one instance each, built on first use (the OpenAPI document and the endpoints' `output`). */
  envelopes: { list: () => z.ZodType; detail: () => z.ZodType };
  /** One entry as the API serves it, from its slug, its validated frontmatter and its links. */
  serialise: (slug: string, input: In, links: Links) => Item;
  /** The markdown body is the page's text (resolved `[[references]]` and all): kept for the page and its twin. */
  body: boolean;
  /** Fields naming entries of other collections, checked when the content is loaded. */
  references?: readonly Reference[];
  /** The page kind of its entries (`/api/v1/pages?kind=`). */
  kind: string;
  /** The index page's path (`/tools/`); an entry's page is `{route}{slug}/`. The index page's words are content/pages{route}index.md. */
  route: string;
  /** The entry page's title and description: the page list, search, llms.txt, the sitemap and the HTML head. */
  page: (item: Item) => { title: string; description: string };
  /** Its pages' section: their group in llms.txt, llms-full.txt and the sitemap, and the page list's `section`. */
  section: string;
  /** Where its section comes among the collections' sections in llms.txt, llms-full.txt and the sitemap (low first). */
  order: number;
  /** The line under the eyebrow of its Open Graph images (`Free SEO tool`). */
  eyebrow: string;
  /** The markdown twin of one entry, from the same resource the API serves; `lists` are the catalog's collections. */
  twin: (item: Item, body: string | undefined, lists: Readonly<Record<string, readonly unknown[]>>) => string;
  /** One line of the index page's list (its HTML cards and its twin). */
  line: (item: Item) => { title: string; url: string; text?: string };
  /**
   * A new entry, its placeholders marked TODO (`npm run new -- {key} <slug>`): the frontmatter, with `title` as the
   * page's title, and the body when the collection has one. The checker refuses the TODOs (placeholders.ts) and nothing
   * else: tests/catalog/new-entry.test.ts runs it on each.
   */
  scaffold: (title: string) => { data: Record<string, unknown>; body?: string };
  /** Shown on the home page under this heading, in collection order. */
  home?: string;
  /** The public API: list and detail endpoints with their OpenAPI metadata. */
  api: {
    /** OpenAPI tag. */
    tag: string;
    /** The tag's description, for a tag of its own (one the document does not already describe). */
    tagDescription?: string;
    /** What one entry is called in a 404's message (`tool with slug "x"`) and the list's description (`Every free tool`). */
    noun: { one: string; every: string };
    list: { id: L; summary: string };
    detail: { id: D; summary: string; description: string };
  };
}

/**
 * What a declaration writes: the collection less what follows from its key and name. Its folder is its key, its page
 * kind and its 404 noun are its name in lower case, and an entry is served as its slug, its frontmatter and its links
 * unless `serialise` says otherwise.
 */
export type CollectionDeclaration<K extends string, In, Item extends { slug: string } & Links, L extends string, D extends string> = Omit<
  Collection<K, In, Item, L, D>,
  'folder' | 'kind' | 'serialise' | 'api' | 'envelopes'
> & {
  serialise?: Collection<K, In, Item, L, D>['serialise'];
  api: Omit<Collection<K, In, Item, L, D>['api'], 'noun'> & {
    /** What the list's description calls every entry (`free tool`: "Every free tool"). */
    every: string;
  };
};

/** Declares a collection: checked where it is written, with what follows from its key and name filled in. */
export function defineCollection<K extends string, In, Item extends { slug: string } & Links, L extends string, D extends string>(
  declared: CollectionDeclaration<K, In, Item, L, D>,
): Collection<K, In, Item, L, D> {
  const { api, serialise, ...rest } = declared;
  const { every, ...endpoints } = api;
  const kind = declared.name.toLowerCase();
  return {
    ...rest,
    folder: declared.key,
    kind,
    // The frontmatter as it is: the OpenAPI tests hold every answer to `output` (tests/machine-readable/openapi.test.ts).
    serialise: serialise ?? ((slug, input, links) => ({ slug, ...input, ...links }) as unknown as Item),
    api: { ...endpoints, noun: { one: kind, every } },
    envelopes: {
      list: once(() => list(declared.summary?.schema ?? declared.output)),
      detail: once(() => single(declared.output)),
    },
  };
}
