// What the detail handler makes of the access check's article (access.ts, a AccessArticle): the stored answer when it is
// current, else the answer made from the row, byte for byte what the stored one would be (own-article-answer.ts),
// which is then stored for the next request (rows seeded by SQL, written before migration 010, or made under another
// serialiser stamp). The access statement carries no row: reading a whole article's ~40 columns for every request of a
// batch cost the statement a fifth of its time, for the rare request that needs one, so that request reads its row
// in a statement of its own. Storing is in the background, a statement at a time, at most MAX_PENDING answers
// waiting: a store that cannot write (a full disk, a read-only replica) only means the next request serialises the
// row again.
import type { Sql } from 'postgres';
import type { ArticleRow } from '../article-rows.ts';
import { answerHeaders, ownArticleAnswer, type OwnArticleAnswer } from '../own-article-answer.ts';
import { rowsOf } from '../rows-of.ts';
import { mustOwn } from '../own-rows.ts';
import type { AccessArticle } from './access.ts';
import { type AnswerToStore, writeAnswers } from './article-answers.ts';

const MAX_PENDING = 1024;
/** At most one log line per this many ms about answers that could not be stored. */
const LOG_EVERY_MS = 60_000;

export interface DetailAnswers {
  /**
   * The answer of a published article of project `projectId`, as the account `accountId` reads it: the access check's stored
   * answer, else made from the row. Undefined when the row is no longer published (unpublished or deleted since the access check read it).
   */
  answerOf(article: AccessArticle, projectId: string, accountId: string): Promise<OwnArticleAnswer | undefined>;
  /** Resolves once every answer queued so far was stored (or failed to be). */
  settled(): Promise<void>;
}

export function createDetailAnswers(sql: Sql): DetailAnswers {
  const pending = new Map<string, AnswerToStore>();
  let running: Promise<void> | undefined;
  let loggedAt = 0;

  function flush(): Promise<void> {
    if (running) return running;
    const batch = [...pending.values()];
    pending.clear();
    running = writeAnswers(sql, batch)
      .catch((err: Error) => {
        if (Date.now() - loggedAt < LOG_EVERY_MS) return;
        loggedAt = Date.now();
        console.error(
          `content API: could not store ${batch.length} detail answers, they are made from their rows meanwhile (${err.message})`,
        );
      })
      .finally(() => {
        running = undefined;
        if (pending.size) void flush();
      });
    return running;
  }

  return {
    async answerOf(article, projectId, accountId) {
      if (article.answer) {
        const headers = answerHeaders(article.noindex);
        return { ...article.answer, ...(headers ? { headers } : {}) };
      }
      const read = await publishedRowOf(sql, projectId, article.id);
      if (!read) return undefined;
      const made = ownArticleAnswer(read.row, accountId);
      if (pending.size < MAX_PENDING) {
        const first = !pending.size;
        pending.set(article.id, { articleId: article.id, xmin: read.xmin, accountId, text: made.text, etag: made.etag });
        if (first && !running) setImmediate(flush);
      }
      return made;
    },
    async settled() {
      while (running || pending.size) await (running ?? flush());
    },
  };
}

/** A published article's row and its version (xmin, what its answer is stored under); undefined when there is none. */
export async function publishedRowOf(
  sql: Sql,
  projectId: string,
  articleId: string,
): Promise<{ row: ArticleRow; xmin: string } | undefined> {
  const [found] = await rowsOf(
    sql<(ArticleRow & { row_xmin: string })[]>`
      select *, xmin::text as row_xmin from articles where id = ${articleId} and project_id = ${projectId} and not unpublished`,
  );
  if (!found) return undefined;
  mustOwn(found.id === articleId && found.project_id === projectId, 'article row');
  const { row_xmin, ...row } = found;
  return { row, xmin: row_xmin };
}

const perStore = new WeakMap<Sql, DetailAnswers>();

/** The process's one DetailAnswers of a store (so its background writes go one statement at a time). */
export function detailAnswersOf(sql: Sql): DetailAnswers {
  let answers = perStore.get(sql);
  if (!answers) perStore.set(sql, (answers = createDetailAnswers(sql)));
  return answers;
}
