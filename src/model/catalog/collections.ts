// THE list of the site's collections, each declared once in collections/{key}.ts (see collection.ts). Their order is
// the order of their catalog fields, API endpoints, OpenAPI schemas and page kinds. Adding a collection: its
// declaration, one line here, its content folder, its page template; tests/catalog/collections.test.ts fails when a
// collection is listed by hand anywhere else.
import type { Collection } from './collection.ts';
import { agents } from './collections/agents.ts';
import { comparisons } from './collections/comparisons.ts';
import { features } from './collections/features.ts';
import { integrations } from './collections/integrations.ts';
import { tools } from './collections/tools.ts';

export const COLLECTIONS = [tools, agents, features, comparisons, integrations] as const;

type Declared = (typeof COLLECTIONS)[number];
export type CollectionKey = Declared['key'];
type ItemOf<C> = C extends Collection<string, infer _In, infer Item> ? Item : never;
/** Every collection's entries, by key: part of the Catalog. */
export type CollectionLists = { [C in Declared as C['key']]: ItemOf<C>[] };

/** Only the collections' lists of an object holding them (a catalog, its core artifact), in declaration order. */
export const listsOf = (holder: CollectionLists): CollectionLists =>
  Object.fromEntries(COLLECTIONS.map((c) => [c.key, holder[c.key]])) as CollectionLists;
