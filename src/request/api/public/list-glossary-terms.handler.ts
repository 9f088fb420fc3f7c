import { normalise } from '../../../model/core/search.ts';
import { answer } from '../http/answer.ts';
import { listGlossaryTerms } from '../../../model/endpoints/public/list-glossary-terms.endpoint.ts';
import { pageOf, range } from './page-of.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(listGlossaryTerms, ({ query: { category, q, full, page, limit } }, { access }) => {
  const needle = q ? normalise(q.trim()) : '';
  const read = (ids: readonly number[]) => (full ? access.fullTerms(ids) : access.termItems(ids));
  if (!category && !needle)
    return answer(listGlossaryTerms, { data: pageOf(access.termCount, page, limit, (start, end) => read(range(start, end))) });
  let ids = category ? access.termIdsOfCategory(category) : range(0, access.termCount);
  if (needle) {
    const text = access.termText();
    ids = ids.filter((i) => text[i]![0].includes(needle) || text[i]![1].includes(needle));
  }
  return answer(listGlossaryTerms, { data: pageOf(ids.length, page, limit, (start, end) => read(ids.slice(start, end))) });
});
