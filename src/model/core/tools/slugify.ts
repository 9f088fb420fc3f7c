// URL slugs as the Slug Generator page describes: lower case, Latin letters folded to ASCII, "&" as "and",
// everything else a single hyphen, stop words optionally dropped.
import { STOP_WORDS } from './stop-words.ts';

/** Letters NFD cannot take apart into a base letter and a mark. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
};

function foldToAscii(text: string): string {
  return text
    .replace(/[ßẞæÆœŒøØđĐðÐþÞłŁıħĦ]/g, (c) => SPECIAL[c]!)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

interface SlugOptions {
  removeStopWords?: boolean;
}

export function slugify(text: string, { removeStopWords = false }: SlugOptions = {}): string {
  const parts = foldToAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '') // "don't" is "dont", not "don-t"
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const kept = removeStopWords ? parts.filter((p) => !STOP_WORDS.has(p)) : parts;
  // A title made only of stop words ("To be or not to be") keeps them rather than becoming empty.
  return (kept.length ? kept : parts).join('-');
}
