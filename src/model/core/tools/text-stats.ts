// Word counter: the counting rules the Word Counter page promises (content/tools/word-counter.md).

/** Average silent reading speed for English non-fiction (Brysbaert 2019), words per minute. */
const READING_WPM = 238;

/** Whitespace-separated runs that hold at least one letter or digit: "long-form" and a URL count once, a lone dash not. */
export function words(text: string): string[] {
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

export const countWords = (text: string): number => words(text).length;

/** Minutes at READING_WPM, rounded up; no words is no time. */
export const readingTime = (wordCount: number): number => (wordCount <= 0 ? 0 : Math.ceil(wordCount / READING_WPM));

/**
 * Sentences end at . ? or ! (optionally followed by closing quotes or brackets) before a space, a line break or the
 * end of the text, so "3.5" does not end one; so does a blank line (a heading or list item). A fragment without a final stop still counts when it holds words.
 */
export function sentences(text: string): string[] {
  return text.split(/[.!?]+["'”’)\]]*(?=\s|$)|\n[^\S\n]*\n/u).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const countSentences = (text: string): number => sentences(text).length;

/** Blocks separated by a blank line (a line holding only whitespace counts as blank). */
const countParagraphs = (text: string): number => text.split(/\n[^\S\n]*\n/u).filter((p) => p.trim() !== '').length;

/** User-perceived characters, so an emoji or an accented letter typed as two code points counts once. */
function countCharacters(text: string): number {
  let n = 0;
  for (const _ of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) n++;
  return n;
}

export interface TextStats {
  words: number;
  characters: number;
  charactersNoSpaces: number;
  sentences: number;
  paragraphs: number;
  readingMinutes: number;
}

export function textStats(text: string): TextStats {
  const wordCount = countWords(text);
  return {
    words: wordCount,
    characters: countCharacters(text),
    charactersNoSpaces: countCharacters(text.replace(/\s+/gu, '')),
    sentences: countSentences(text),
    paragraphs: countParagraphs(text),
    readingMinutes: readingTime(wordCount),
  };
}
