import { Article, ArticleSummary } from './article.ts';
import { list, single } from './envelope.ts';
import { GlossaryCategory } from './glossary.ts';

export const envelopes = {
  GlossaryCategoryList: list(GlossaryCategory),
  ArticleList: list(ArticleSummary),
  ArticleResponse: single(Article),
} as const;
export type EnvelopeName = keyof typeof envelopes;
