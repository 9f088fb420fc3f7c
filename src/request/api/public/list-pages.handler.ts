import { answer } from '../http/answer.ts';
import { listPages } from '../../../model/endpoints/public/list-pages.endpoint.ts';
import { pageOf, range } from './page-of.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(listPages, ({ query: { kind, page, limit } }, { access }) => {
  if (!kind) return answer(listPages, { data: pageOf(access.pageCount, page, limit, (start, end) => access.pages(range(start, end))) });
  const ids = access.pageIdsOfKind(kind);
  return answer(listPages, { data: pageOf(ids.length, page, limit, (start, end) => access.pages(ids.slice(start, end))) });
});
