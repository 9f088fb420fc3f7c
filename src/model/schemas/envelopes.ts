import { Article, ArticleSummary } from './article.ts';
import { list, single } from './envelope.ts';

export const envelopes = {
  ArticleList: list(ArticleSummary),
  ArticleResponse: single(Article),
} as const;
export type EnvelopeName = keyof typeof envelopes;
