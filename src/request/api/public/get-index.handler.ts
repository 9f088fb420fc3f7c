import { answer } from '../http/answer.ts';
import { endpointsOf } from '../../../model/endpoints/registry.ts';
import { getIndex } from '../../../model/endpoints/public/get-index.endpoint.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(getIndex, (_ctx, { site }) =>
  answer(getIndex, {
    data: {
      name: 'Skribra public API',
      version: '1.0.0',
      documentation: `${site}/docs/public-api/`,
      openapi: `${site}/openapi.json`,
      llms_txt: `${site}/llms.txt`,
      endpoints: endpointsOf('public').map((e) => ({ path: e.pattern, url: `${site}${e.pattern}`, description: e.doc!.summary })),
    },
  }),
);
