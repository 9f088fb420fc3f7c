import { searchPages as search } from '../../../model/core/search.ts';
import { ApiError } from '../http/api-error.ts';
import { answer } from '../http/answer.ts';
import { publicHandler } from './public-deps.ts';
import { searchPages } from '../../../model/endpoints/public/search-pages.endpoint.ts';

export default publicHandler(searchPages, ({ query: { q, limit } }, { access }) => {
  const index = access.search();
  if (!index) throw new ApiError(503, 'unavailable', 'The search index is not loaded.', { 'retry-after': '30' });
  const { total, hits } = search(index, q, limit);
  const pages = access.pages(hits.map((h) => h.id));
  return answer(searchPages, { data: { query: q, total, items: hits.map(({ score }, i) => ({ ...pages[i]!, score })) } });
});
