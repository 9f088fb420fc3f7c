import { notFound } from '../http/api-error.ts';
import { answer } from '../http/answer.ts';
import { getGlossaryTerm } from '../../../model/endpoints/public/get-glossary-term.endpoint.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(getGlossaryTerm, ({ params: { slug } }, { access }) => {
  const id = access.termId(slug);
  if (id === undefined) throw notFound(`glossary term with slug "${slug}"`);
  return answer(getGlossaryTerm, { data: access.fullTerms([id])[0]! });
});
