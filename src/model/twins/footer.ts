import { link } from './blocks.ts';

/** Every twin ends by pointing at its HTML page, and says when it was last updated where that is known. */
export const footer = (url: string, updated?: string): string =>
  `---\n\n${link('This page as HTML', url)}${updated ? ` · Updated ${updated}` : ''}`;
