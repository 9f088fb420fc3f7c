// GET /api/v1/: the public API's index, every endpoint with its absolute URL.
import { ApiIndex, single } from '../../schemas/envelope.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const getIndex = publicEndpoint('getIndex', '/', {
  output: once(() => single(ApiIndex)),
  static: { file: `${PUBLIC_BASE}/index.json` },
  doc: {
    tag: 'Public API',
    ok: 'IndexResponse',
    errors: [],
    summary: 'This index: every endpoint of the public API.',
    description: 'Names the documentation, the OpenAPI document, llms.txt and every endpoint with its absolute URL.',
  },
});
