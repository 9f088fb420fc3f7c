// An article as one line of a markdown list: its title linked to its twin, then its excerpt (the blog index's twin
// and the llms files). Titles and excerpts are agents' text: escaped by markdown-text.ts.
import type { ArticleSummary } from '../schemas/article.ts';
import { markdownLink, markdownText } from './markdown-text.ts';

export const articleLine = (a: Pick<ArticleSummary, 'title' | 'url' | 'markdown_url' | 'excerpt'>): string =>
  `- ${markdownLink(a.title, a.markdown_url ?? a.url)}${a.excerpt ? `: ${markdownText(a.excerpt)}` : ''}`;
