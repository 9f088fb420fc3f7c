// The own-article shapes of the authenticated API (spec 2.3): the file the operator CLI publishes
// (`ownArticleInput`), the list card and the detail, all derived from the one field table (article-fields.ts).
// One schema types the API output, validates input and feeds the OpenAPI document and the client's types.
import * as z from 'zod';
import { ARTICLE_FIELDS, CARD_FIELDS, checkImage, DETAIL_FIELDS, inputShape, outputShape, ROW_FIELDS } from './article-fields.ts';

export { articleAuthor, articleSource, relatedArticle } from './article-fields.ts';

/** The JSON file of `skribra article publish`: every own-article field a writer controls. */
export const ownArticleInput = z.strictObject(inputShape()).superRefine(checkImage);
export type OwnArticleInput = z.infer<typeof ownArticleInput>;

const { id, ...stamps } = ROW_FIELDS;

/** A list row: no body. */
export const ownArticleCard = z
  .object({
    id,
    ...outputShape<'card'>(CARD_FIELDS),
    ...stamps,
    markdown_url: z.string().optional().meta({ description: 'Declared for the summary shape (spec 2.3); not sent.' }),
  })
  .meta({ description: 'An article as the list shows it: no body.' });
export type OwnArticleCard = z.infer<typeof ownArticleCard>;

/** The detail of one article, with the consolidation fields. */
export const ownArticle = z
  .object({
    id: ownArticleCard.shape.id,
    ...outputShape<'card' | 'detail'>(DETAIL_FIELDS),
    ...stamps,
    created_at: z.iso.datetime().optional().meta({ description: 'When the article was created.' }),
    lastEdited: z.iso.datetime().optional().meta({ description: 'When its content was last edited.' }),
    metadata: z
      .object({
        projectId: z.string().meta({ description: 'The project the article belongs to.' }),
        userId: z.string().meta({ description: 'The account that owns the project.' }),
        targetDate: z.string().optional().meta({ description: ARTICLE_FIELDS.target_date.note }),
      })
      .meta({ description: 'Where the article belongs.' }),
    redirect_to: z
      .string()
      .optional()
      .meta({ description: 'Consolidation: the reader is sent here (301 when redirect_type is permanent, else 302).' }),
    redirect_type: z.string().optional().meta({ description: '`permanent` means a permanent redirect; any other value a temporary one.' }),
    noindex: z.boolean().optional().meta({ description: 'true: render the article but mark it not indexable.' }),
    unpublished: z.boolean().optional().meta({ description: 'true: treat the article as missing (404).' }),
  })
  .meta({ description: 'One article, whole, with its consolidation fields.' });
export type OwnArticle = z.infer<typeof ownArticle>;
