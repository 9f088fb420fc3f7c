import { Article, ArticleSummary } from './article.ts';
import { list, single } from './envelope.ts';
import { GlossaryCategory, GlossaryTerm } from './glossary.ts';

export const envelopes = {
  GlossaryTermList: list(GlossaryTerm),
  GlossaryTermResponse: single(GlossaryTerm),
  GlossaryCategoryList: list(GlossaryCategory),
  ArticleList: list(ArticleSummary),
  ArticleResponse: single(Article),
} as const;
export type EnvelopeName = keyof typeof envelopes;
