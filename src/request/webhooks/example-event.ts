// An example of each webhook event, made from the example article with the store's own serialiser: `webhook test
// --event` sends one, and the docs' example payloads are these (a test keeps them equal).
import { EXAMPLE_ARTICLE } from '../../model/schemas/article-example.ts';
import type { ArticleEvent } from '../../model/schemas/webhook-events.ts';
import type { ArticleRow } from '../../store/article-rows.ts';
import { toOwnArticle, toRemoval } from '../../store/serialize-article.ts';

const AT = new Date('2026-11-02T09:30:00.000Z');

/** The example article as stored in `projectId`. */
function exampleRow(projectId: string): ArticleRow {
  const fields = Object.fromEntries(Object.entries(EXAMPLE_ARTICLE)) as unknown as ArticleRow;
  return {
    ...fields,
    id: 'art_01JD8X4N2KQ7V3M9T5R6W8Y0ZB',
    project_id: projectId,
    noindex: false,
    unpublished: false,
    retired: false,
    redirect_to: null,
    redirect_type: null,
    published_at: AT,
    created_at: AT,
    updated_at: AT,
    last_edited: null,
  } as ArticleRow;
}

/** The payload of `type` for the example article, with `sequence` and `timestamp` as given. */
export function exampleEvent(type: ArticleEvent, o: { projectId: string; accountId: string; sequence: number; timestamp: Date }) {
  const row = exampleRow(o.projectId);
  const data =
    type === 'article.published' || type === 'article.updated'
      ? toOwnArticle(row, o.accountId)
      : type === 'article.redirected'
        ? toRemoval(row.id, row.slug, 'redirected', {
            redirect_to: 'https://example.com/blog/meta-descriptions/',
            redirect_type: 'permanent',
          })
        : toRemoval(row.id, row.slug, 'unpublished');
  return { type, timestamp: o.timestamp.toISOString(), sequence: o.sequence, data };
}
