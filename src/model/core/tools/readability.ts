// Flesch Reading Ease and Flesch-Kincaid grade, as the Readability Score page states the formulas.
import { sentences, words } from './text-stats.ts';

/**
 * English syllables by rule, not dictionary: vowel groups, less a silent final e / -es / -ed. Good to about one
 * syllable on unusual words, which is what the tool page promises. A token with no letters (a number) is one.
 */
export function countSyllables(word: string): number {
  const parts = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(/[-–—/]+/u);
  let total = 0;
  for (const part of parts) {
    let w = part.replace(/[^a-z]/g, '');
    if (!w) continue;
    if (w.length <= 3) {
      total += 1;
      continue;
    }
    // Silent endings: "makes", "played", "make"; but "boxes", "pages", "tables", "wanted", "table" keep theirs.
    if (/[^aeiouy]es$/.test(w) && !/(?:[sxzgc]|[cs]h|[^aeiouy]l)es$/.test(w)) w = w.slice(0, -2);
    else if (/[^aeioutd]ed$/.test(w)) w = w.slice(0, -2);
    else if (/[^laeiouy]e$/.test(w)) w = w.slice(0, -1);
    w = w.replace(/^y/, '');
    total += Math.max(1, w.match(/[aeiouy]{1,2}/g)?.length ?? 0);
  }
  return Math.max(1, total);
}

interface Readability {
  words: number;
  sentences: number;
  syllables: number;
  /** 206.835 − 1.015 × words/sentences − 84.6 × syllables/words, one decimal. */
  readingEase: number;
  /** 0.39 × words/sentences + 11.8 × syllables/words − 15.59, one decimal. */
  gradeLevel: number;
  band: string;
}

const BANDS: [number, string][] = [
  [90, 'Very easy'],
  [70, 'Easy to fairly easy'],
  [60, 'Plain English'],
  [50, 'Fairly difficult'],
  [30, 'Difficult'],
];
const readingEaseBand = (score: number): string => BANDS.find(([min]) => score >= min)?.[1] ?? 'Very difficult';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Undefined for text without words: a score of an empty box means nothing. */
export function fleschReadingEase(text: string): Readability | undefined {
  const list = words(text);
  if (!list.length) return undefined;
  const sentenceCount = Math.max(1, sentences(text).length);
  const syllables = list.reduce((sum, w) => sum + countSyllables(w), 0);
  const wps = list.length / sentenceCount;
  const spw = syllables / list.length;
  const readingEase = round1(206.835 - 1.015 * wps - 84.6 * spw);
  return {
    words: list.length,
    sentences: sentenceCount,
    syllables,
    readingEase,
    gradeLevel: round1(0.39 * wps + 11.8 * spw - 15.59),
    band: readingEaseBand(readingEase),
  };
}
