// Each declared collection's two public endpoints (src/model/catalog/collections.ts): its list, whole by default,
// and one entry by slug, both static files of the build. Declared once, by the collection.
import { COLLECTIONS } from '../../catalog/collections.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { lazyObject } from '../lazy-object.ts';
import { slugSegment } from '../params.ts';
import { wholeListQuery } from '../queries.ts';
import { publicTableEndpoint, wholeListDescription } from './public-endpoint.ts';

export const collectionEndpoints = COLLECTIONS.flatMap(({ key, name, api, envelopes }) => [
  publicTableEndpoint(api.list.id, `/${key}`, {
    query: wholeListQuery,
    output: envelopes.list,
    static: { file: `${PUBLIC_BASE}/${key}.json` },
    doc: { tag: api.tag, ok: `${name}List`, errors: [400], summary: api.list.summary, description: wholeListDescription(api.noun.every) },
  }),
  publicTableEndpoint(api.detail.id, `/${key}/:slug`, {
    path: lazyObject({ slug: slugSegment }),
    output: envelopes.detail,
    static: { file: `${PUBLIC_BASE}/${key}/:slug.json`, slugs: key },
    doc: { tag: api.tag, ok: `${name}Response`, errors: [404], summary: api.detail.summary, description: api.detail.description },
  }),
]);
