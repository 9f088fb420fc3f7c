// The stored detail answers (migration 010): made when an article is written, and rewritten for a row read without a
// current one. Writing one is never needed for correctness (a detail request whose article has no current answer is
// answered from the row, byte for byte the same): it only spares the next request the row.
import type { Sql } from 'postgres';
import type { ArticleRow } from '../article-rows.ts';
import { ANSWER_STAMP, ownArticleAnswer } from '../own-article-answer.ts';
import { rowsOf } from '../rows-of.ts';

/** One answer to store: made from the article's row version `xmin`, naming `accountId`. */
export interface AnswerToStore {
  articleId: string;
  xmin: string;
  accountId: string;
  text: string;
  etag: string;
}

/** How many rows one statement serialises: bounds the memory of a project-wide refresh. */
const CHUNK = 500;

/**
 * Stores the answers, each only if its article still has the row version it was made from (a newer version, made
 * meanwhile by any process, keeps its own or none). One statement; duplicates of an article keep the last.
 */
export async function writeAnswers(sql: Sql, answers: readonly AnswerToStore[]): Promise<void> {
  const one = [...new Map(answers.map((a) => [a.articleId, a])).values()];
  if (!one.length) return;
  await sql`
    insert into article_answers (article_id, row_xmin, stamp, account_id, body, etag)
    select a.id, a.xmin, ${ANSWER_STAMP}, u.account_id, u.body, u.etag
    from unnest(${one.map((a) => a.articleId)}::text[], ${one.map((a) => a.xmin)}::text[], ${one.map((a) => a.accountId)}::text[],
      ${one.map((a) => a.text)}::text[], ${one.map((a) => a.etag)}::text[]) as u(id, xmin, account_id, body, etag)
    join articles a on a.id = u.id and a.xmin = u.xmin::xid
    on conflict (article_id) do update set row_xmin = excluded.row_xmin, stamp = excluded.stamp,
      account_id = excluded.account_id, body = excluded.body, etag = excluded.etag`;
}

/**
 * Makes and stores the answers of the named articles, or of every article of a project (as the rows are in `sql`'s
 * transaction: called in a write's own transaction, after its last change of the articles). Unpublished articles
 * have no answer (the API answers 404 without one). Returns how many it stored.
 */
export async function storeArticleAnswers(sql: Sql, scope: { ids: readonly string[] } | { projectId: string }): Promise<number> {
  let stored = 0;
  let after = '';
  for (;;) {
    const where =
      'ids' in scope ? sql`a.id = any(${scope.ids as string[]}::text[])` : sql`a.project_id = ${scope.projectId} and a.id > ${after}`;
    const rows = await rowsOf(
      sql<(ArticleRow & { row_xmin: string; row_account: string })[]>`
        select a.*, a.xmin::text as row_xmin, p.account_id as row_account
        from articles a join projects p on p.id = a.project_id
        where ${where} and not a.unpublished
        order by a.id limit ${'ids' in scope ? scope.ids.length : CHUNK}`,
    );
    await writeAnswers(
      sql,
      rows.map((r) => ({ articleId: r.id, xmin: r.row_xmin, accountId: r.row_account, ...ownArticleAnswer(r, r.row_account) })),
    );
    stored += rows.length;
    if ('ids' in scope || rows.length < CHUNK) return stored;
    after = rows.at(-1)!.id;
  }
}
