import { paginate } from '../../../model/core/paginate.ts';
import { answer } from '../http/answer.ts';
import { listGlossaryCategories } from '../../../model/endpoints/public/list-glossary-categories.endpoint.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(listGlossaryCategories, ({ query: { page, limit } }, { access }) =>
  answer(listGlossaryCategories, { data: paginate(access.categories, page, limit ?? Math.max(access.categories.length, 1)) }),
);
