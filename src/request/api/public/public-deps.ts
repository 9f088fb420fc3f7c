// What the public API's handler modules are given besides the request: the catalog's access (pages and terms by
// position, read from the build's artifacts), the site's URL, the blog's source and the clock.
import type { CatalogAccess } from '../../../model/catalog/catalog.ts';
import type { HandlerOf } from '../http/handlers-of.ts';
import type { ArticleSource } from './article-source.ts';

export interface PublicDeps {
  access: CatalogAccess;
  site: string;
  /** The blog's source; throws when none is configured. */
  blog: () => ArticleSource;
  now: () => Date;
}

/** A public endpoint's handler: its endpoint's ctx and the deps in, its typed answer out. */
export const publicHandler = <E>(_endpoint: E, handler: HandlerOf<E, undefined, PublicDeps>): HandlerOf<E, undefined, PublicDeps> =>
  handler;
