// Issue 38: core/urls.ts once listed the collections' pages by hand and missed `integrations`. A collection's pages
// come from its declaration (`route`); `paths` keeps only the pages no collection declares. Fails when a path of
// any declared collection, present or future, is written into `paths` again.
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';
import { paths } from '../../src/model/core/urls.ts';
import { notFoundTwin } from '../../src/model/twins/not-found-twin.ts';
import { tools } from '../../src/model/catalog/collections/tools.ts';

const listed = Object.entries(paths).map(([name, p]) => [name, typeof p === 'function' ? p('some-slug') : p] as const);

describe("core/urls.ts's paths", () => {
  it('name no page of any collection (each comes from its declared route)', () => {
    expect(COLLECTIONS.map((c) => c.key)).toContain('integrations');
    for (const c of COLLECTIONS)
      for (const [name, path] of listed) expect(path.startsWith(c.route), `paths.${name} is a page of ${c.key}`).toBe(false);
  });

  it("the 404 twin links the tools index from the collection's declaration", () => {
    expect(notFoundTwin('https://skribra.test', tools.route)).toContain(`(https://skribra.test${tools.route})`);
  });
});
