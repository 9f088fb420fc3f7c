// Keyword density as the Keyword Density Checker page defines it: count × words in the phrase ÷ total words × 100.
import { STOP_WORDS } from './stop-words.ts';

export interface PhraseCount {
  phrase: string;
  count: number;
  density: number;
}
interface DensityReport {
  totalWords: number;
  /** Most frequent phrases of one, two and three words, most frequent first (ties: first seen first). */
  phrases: { 1: PhraseCount[]; 2: PhraseCount[]; 3: PhraseCount[] };
  keyword?: PhraseCount;
}

interface Token {
  word: string;
  endsClause: boolean;
}

/** Lower-cased words with surrounding punctuation trimmed; inner hyphens and apostrophes stay ("long-form", "it's"). */
function densityTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const raw of text.toLowerCase().split(/\s+/u)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/’/g, "'");
    if (!word) {
      if (out.length && /[.!?;:,]/.test(raw)) out[out.length - 1]!.endsClause = true;
      continue;
    }
    out.push({ word, endsClause: /[.!?;:,)\]"”]$/u.test(raw) });
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const density = (count: number, n: number, total: number) => (total ? round2((count * n * 100) / total) : 0);

/** Phrases do not run across sentence or clause punctuation: "SEO. Content" is not a two-word phrase. */
function ngrams(tokens: Token[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const slice = tokens.slice(i, i + n);
    if (slice.slice(0, -1).some((t) => t.endsClause)) continue;
    const phrase = slice.map((t) => t.word).join(' ');
    counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  return counts;
}

interface DensityOptions {
  keyword?: string;
  hideStopWords?: boolean;
  top?: number;
}

export function keywordDensity(text: string, { keyword, hideStopWords = true, top = 10 }: DensityOptions = {}): DensityReport {
  const tokens = densityTokens(text);
  const total = tokens.length;
  const list = (n: 1 | 2 | 3): PhraseCount[] =>
    [...ngrams(tokens, n)]
      .filter(([phrase, count]) => (n === 1 ? !(hideStopWords && STOP_WORDS.has(phrase)) : count > 1))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([phrase, count]) => ({ phrase, count, density: density(count, n, total) }));
  const report: DensityReport = { totalWords: total, phrases: { 1: list(1), 2: list(2), 3: list(3) } };
  const wanted = keyword ? densityTokens(keyword).map((t) => t.word) : [];
  if (wanted.length) {
    let count = 0;
    for (let i = 0; i + wanted.length <= tokens.length; i++) {
      if (wanted.every((w, j) => tokens[i + j]!.word === w && (j === wanted.length - 1 || !tokens[i + j]!.endsClause))) count++;
    }
    report.keyword = { phrase: wanted.join(' '), count, density: density(count, wanted.length, total) };
  }
  return report;
}
