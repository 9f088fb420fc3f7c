// The content API's detail answer of one article, GET /v1/projects/{projectId}/articles/{slug}: its JSON text, ETag
// and own headers, made from the row exactly as the handler always made it. The same function makes the stored
// answers (repos/article-answers.ts, migration 010) and the answers of rows without a current one, so a stored
// answer is byte for byte what the handler would make from the row.
//
// ANSWER_STAMP names the serialiser: derived from the field declaration (which fields a detail shows and which are
// lists) and ANSWER_REVISION, so a field added, removed or moved between card and detail makes every stored answer
// stale (serialised again from its row on its next read, and rewritten) without anyone remembering to bump anything.
// ANSWER_REVISION is for a change of the serialiser's code that the declaration does not show (toOwnArticle's
// logic, the JSON text's form): bump it with such a change.
import { createHash } from 'node:crypto';
import { jsonBody } from '../model/core/json-body.ts';
import { strongEtag } from '../model/core/etag.ts';
import { DETAIL_FIELDS, isList } from '../model/schemas/article-fields.ts';
import type { ArticleRow } from './article-rows.ts';
import { toOwnArticle } from './serialize-article.ts';

const ANSWER_REVISION = 1;

/**
 * The stamp of a serialiser: of its revision and the detail's fields in order, each with whether it is a list (a list
 * is always present, empty when unset; another field only when set). A change of the data itself needs no stamp: it
 * comes with a new row version, which the stored answer is checked against.
 */
export const answerStamp = (revision: number, fields: readonly (readonly [string, boolean])[]): string =>
  createHash('sha256')
    .update(JSON.stringify([revision, fields]))
    .digest('base64url')
    .slice(0, 16);

export const ANSWER_STAMP = answerStamp(
  ANSWER_REVISION,
  DETAIL_FIELDS.map((k) => [k, isList(k)]),
);

/** A finished detail answer: the JSON text, its UTF-8 bytes' strong ETag, and the headers of its own. */
export interface OwnArticleAnswer {
  text: string;
  etag: string;
  headers?: Record<string, string>;
}

/** The headers an article's answer carries besides the API's own: a noindex article says so to crawlers. */
export const answerHeaders = (noindex: boolean): Record<string, string> | undefined =>
  noindex ? { 'x-robots-tag': 'noindex' } : undefined;

/** The answer of `row` as the account `accountId` (the project's) reads it: `{"data": ...}` and a newline. */
export function ownArticleAnswer(row: ArticleRow, accountId: string): OwnArticleAnswer {
  const text = jsonBody({ data: toOwnArticle(row, accountId) });
  const headers = answerHeaders(row.noindex);
  return { text, etag: strongEtag(Buffer.from(text)), ...(headers ? { headers } : {}) };
}
