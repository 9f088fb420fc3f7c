// What the detail handler makes of the gate's article (access.ts, a GateArticle): the stored answer when it is
// current, else the answer made from the row, byte for byte what the stored one would be (own-article-answer.ts),
// which is then stored for the next request (rows seeded by SQL, written before migration 010, or made under another
// serialiser stamp). Storing is in the background, a statement at a time, at most MAX_PENDING answers waiting: a
// store that cannot write (a full disk, a read-only replica) only means the next request serialises the row again.
import type { Sql } from 'postgres';
import { answerHeaders, ownArticleAnswer, type OwnArticleAnswer } from '../own-article-answer.ts';
import type { GateArticle } from './access.ts';
import { type AnswerToStore, writeAnswers } from './article-answers.ts';

const MAX_PENDING = 1024;
/** At most one log line per this many ms about answers that could not be stored. */
const LOG_EVERY_MS = 60_000;

export interface DetailAnswers {
  /** The answer of a published article (one with an answer or a row), as the account `accountId` reads it. */
  answerOf(article: GateArticle, accountId: string): OwnArticleAnswer;
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
    answerOf(article, accountId) {
      if (article.answer) {
        const headers = answerHeaders(article.noindex);
        return { ...article.answer, ...(headers ? { headers } : {}) };
      }
      if (!article.row) throw new Error(`article ${article.id} came without its answer and without its row`);
      const made = ownArticleAnswer(article.row, accountId);
      if (article.xmin && pending.size < MAX_PENDING) {
        const first = !pending.size;
        pending.set(article.id, { articleId: article.id, xmin: article.xmin, accountId, text: made.text, etag: made.etag });
        if (first && !running) setImmediate(flush);
      }
      return made;
    },
    async settled() {
      while (running || pending.size) await (running ?? flush());
    },
  };
}

const perStore = new WeakMap<Sql, DetailAnswers>();

/** The process's one DetailAnswers of a store (so its background writes go one statement at a time). */
export function detailAnswersOf(sql: Sql): DetailAnswers {
  let answers = perStore.get(sql);
  if (!answers) perStore.set(sql, (answers = createDetailAnswers(sql)));
  return answers;
}
