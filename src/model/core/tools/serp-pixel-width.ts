// Pixel widths of SERP titles and descriptions. Google cuts desktop snippets by rendered width: titles at about
// 580 px in Arial 20 px, descriptions at about 920 px in Arial 14 px (observed figures; Google publishes none).

/** Arial advance widths in thousandths of an em, printable ASCII from space (32) to tilde (126). */
const ASCII = [
  278,
  278,
  355,
  556,
  556,
  889,
  667,
  191,
  333,
  333,
  389,
  584,
  278,
  333,
  278,
  278, // space ! " # $ % & ' ( ) * + , - . /
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  556,
  278,
  278,
  584,
  584,
  584,
  556, // 0-9 : ; < = > ?
  1015,
  667,
  667,
  722,
  722,
  667,
  611,
  778,
  722,
  278,
  500,
  667,
  556,
  833,
  722,
  778, // @ A-O
  667,
  778,
  722,
  667,
  611,
  722,
  667,
  944,
  667,
  667,
  611,
  278,
  278,
  278,
  469,
  556, // P-Z [ \ ] ^ _
  333,
  556,
  556,
  500,
  556,
  556,
  278,
  556,
  556,
  222,
  222,
  500,
  222,
  833,
  556,
  556, // ` a-o
  556,
  556,
  333,
  500,
  278,
  556,
  500,
  722,
  500,
  500,
  500,
  334,
  260,
  334,
  584, // p-z { | } ~
];

/** Common typographic characters outside ASCII. */
const EXTRA: Record<string, number> = {
  '\u00a0': 278,
  '–': 556,
  '—': 1000,
  '…': 1000,
  '‘': 222,
  '’': 222,
  '‚': 222,
  '“': 333,
  '”': 333,
  '„': 333,
  '•': 350,
  '·': 278,
  '©': 737,
  '®': 737,
  '™': 1000,
  '€': 556,
  '£': 556,
  '¥': 556,
  '×': 584,
  '÷': 584,
  '°': 400,
  '«': 556,
  '»': 556,
  '|': 260,
  ß: 611,
  æ: 889,
  Æ: 1000,
  œ: 944,
  Œ: 1000,
  ø: 611,
  Ø: 778,
};

/** Width of one character in thousandths of an em: accented letters as their base letter, wide scripts as 1 em. */
function charWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (code >= 32 && code <= 126) return ASCII[code - 32]!;
  if (ch in EXTRA) return EXTRA[ch]!;
  const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
  if (base && base !== ch && [...base].length === 1) return charWidth(base);
  if (/\p{M}/u.test(ch) || /[\u200b-\u200f]/.test(ch)) return 0;
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/u.test(ch)) return 1000;
  return 556; // the average Latin lower-case width: a fair guess for anything else
}

/** Rendered width in CSS pixels of text in Arial at `fontSize` px. */
export function serpPixelWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return Math.round((units * fontSize) / 100) / 10;
}

interface SerpField {
  fontSize: number;
  limit: number;
}
export const SERP_TITLE: SerpField = { fontSize: 20, limit: 580 };
export const SERP_DESCRIPTION: SerpField = { fontSize: 14, limit: 920 };

export interface SerpFit {
  width: number;
  limit: number;
  fits: boolean;
  /** What the result shows: the whole text, or the longest run of whole words that fits with " …" after it. */
  shown: string;
  /** The words searchers would not see. */
  cut: string;
}

export function serpFit(text: string, { fontSize, limit }: SerpField): SerpFit {
  const clean = text.replace(/\s+/g, ' ').trim();
  const width = serpPixelWidth(clean, fontSize);
  if (width <= limit) return { width, limit, fits: true, shown: clean, cut: '' };
  const words = clean.split(' ');
  let shown = '';
  for (let i = 1; i <= words.length; i++) {
    const candidate = words.slice(0, i).join(' ');
    if (serpPixelWidth(`${candidate} …`, fontSize) > limit) break;
    shown = candidate;
  }
  // One word wider than the whole line: cut it by character, as Google does.
  if (!shown) {
    for (const ch of clean) {
      if (serpPixelWidth(`${shown}${ch}…`, fontSize) > limit) break;
      shown += ch;
    }
  }
  return { width, limit, fits: false, shown: `${shown} …`, cut: clean.slice(shown.length).trim() };
}
