// An article answer is cached like a list page (the detail cache), so a repeated detail costs the gate statement only.
import { toOwnArticle } from '../../store/serialize-article.ts';
import { ApiError } from '../http/api-error.ts';
import { preparedAnswer } from '../http/answer.ts';
import type { OutputOf } from '../http/handlers-of.ts';
import { jsonBody } from '../http/respond.ts';
import { contentHandler } from './content-deps.ts';
import { encodedAnswer } from './encoded-answer.ts';
import { getOwnArticle } from './get-own-article.endpoint.ts';
import { requireProject } from './require-project.ts';

export default contentHandler(getOwnArticle, async ({ access, params: { slug } }, { details }) => {
  const projectId = requireProject(access);
  // The row came with the gate statement, in the same snapshot as the project's articles_version, so the
  // finished answer (body, ETag, headers) is cached under that version: every article write bumps it, and a hit
  // only saves serialising the row again. The account is in the key because the answer names it (metadata.userId).
  const row = access.article;
  if (!row || row.unpublished) throw new ApiError(404, 'not_found', 'This project has no published article with that slug.');
  const key = `${access.accountId}|${slug}`;
  const hit = details.get(projectId, access.project!.articlesVersion, key);
  if (hit) return preparedAnswer(getOwnArticle, hit, hit.headers ?? {});
  const body: OutputOf<typeof getOwnArticle> = { data: toOwnArticle(row, access.accountId!) };
  const answer = encodedAnswer(jsonBody(body), row.noindex ? { 'x-robots-tag': 'noindex' } : undefined);
  details.set(projectId, access.project!.articlesVersion, key, answer);
  return preparedAnswer(getOwnArticle, answer, answer.headers ?? {});
});
