// Rows of the articles table as the repositories read them, typed from the one field table
// (src/model/schemas/article-fields.ts): shared by the repositories, the own-article serialiser and the webhook outbox
// without any of them importing another. Which columns a card reads follows the table too.
import type * as z from 'zod';
import { type ARTICLE_FIELDS, CARD_FIELDS, type ArticleFieldName } from '../model/schemas/article-fields.ts';

type F = typeof ARTICLE_FIELDS;
/** A declared field as stored: lists never null, the rest null when unset (target_date comes back as a Date). */
type Stored<K extends ArticleFieldName> = F[K] extends { required: true }
  ? z.output<F[K]['schema']>
  : z.output<F[K]['schema']> extends unknown[]
    ? z.output<F[K]['schema']>
    : K extends 'target_date'
      ? Date | string | null
      : z.output<F[K]['schema']> | null;

export type FieldColumns = { [K in ArticleFieldName]: Stored<K> };

export type ArticleRow = Omit<FieldColumns, 'noindex'> & {
  id: string;
  project_id: string;
  noindex: boolean;
  unpublished: boolean;
  retired: boolean;
  published_at: Date;
  created_at: Date;
  updated_at: Date;
  last_edited: Date | null;
};

/** The columns a card is made from: the card fields of the table, the id and the two stamps. */
export const CARD_COLUMNS = ['id', ...CARD_FIELDS, 'published_at', 'updated_at'] as const;
export type CardRow = Pick<ArticleRow, (typeof CARD_COLUMNS)[number]>;
