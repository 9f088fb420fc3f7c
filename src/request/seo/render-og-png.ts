// One Open Graph image (1200 × 630 PNG): satori lays out the card as SVG with Inter from @fontsource, resvg rasterises
// it. Both run in-process from registry packages; nothing is fetched. About 45-100 ms an image, all of it CPU: the
// build renders them in worker threads (og-render-pool.ts) and keeps them in a cache (og-cache.ts). This module
// reads no configuration, so a worker loads only what rendering needs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import type { OgCard } from './og-cards.ts';

const require = createRequire(import.meta.url);
/**
 * An Inter file, resolved from this module (the build, the local origin) or, in a bundled Netlify function, whose
 * netlify.toml ships the files at their paths under the base directory, from the working directory.
 */
function font(weight: 400 | 700): Buffer {
  const file = `@fontsource/inter/files/inter-latin-${weight}-normal.woff`;
  try {
    return readFileSync(require.resolve(file));
  } catch {
    return readFileSync(resolve('node_modules', file));
  }
}
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

const MARK = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ffffff"/><path d="M21.5 9.5c-1.6-1.4-4-2-6.2-1.4-2.5.7-3.7 2.7-3 4.6.7 1.8 2.8 2.4 5 3 2.4.6 4.6 1.4 5 3.6.4 2.4-1.6 4.5-4.4 4.9-2.4.3-4.6-.5-6.2-2" fill="none" stroke="#4338ca" stroke-width="2.6" stroke-linecap="round"/><circle cx="23.5" cy="8.5" r="2.2" fill="#fb923c"/></svg>').toString('base64')}`;

export type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…` : s);

/** 32 bits from `seed` (FNV-1a), then a small generator over them: the same seed draws the same picture. */
function numbers(seed: string): () => number {
  let x = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) x = Math.imul(x ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const ART_COLOURS = ['#fb923c', '#38bdf8', '#34d399', '#a78bfa', '#f472b6'];

/** A page drawn in shapes, seeded by `seed`: a picture, a heading bar and lines of text of its own lengths. */
function articleArt(seed: string): Node {
  const next = numbers(seed);
  const accent = ART_COLOURS[Math.floor(next() * ART_COLOURS.length)]!;
  const bar = (w: number, tall: number, colour: string) =>
    h('div', { width: w, height: tall, borderRadius: tall / 2, backgroundColor: colour }, '');
  const lines = Array.from({ length: 5 }, () => bar(Math.round(150 + next() * 130), 12, '#c7d2fe'));
  return h(
    'div',
    {
      position: 'absolute',
      right: 72,
      top: 150,
      width: 300,
      height: 330,
      padding: 24,
      display: 'flex',
      flexDirection: 'column',
      gap: 16,
      borderRadius: 24,
      backgroundColor: '#312e81',
    },
    h('div', { width: 252, height: 110, borderRadius: 14, backgroundColor: accent, display: 'flex' }, ''),
    bar(Math.round(160 + next() * 80), 18, '#ffffff'),
    ...lines,
  );
}

/**
 * The card's element tree for satori: the mark and the site's name, the eyebrow, the title and the description, and
 * for a blog article (`art`) a picture of its own. It prints no address: a card is shared beside its link.
 */
export function ogCardTree(card: OgCard): Node {
  const title = clip(card.title, 90);
  // Flat colours, not a gradient: a flat PNG is a fifth of the size, and these images are fetched by every share.
  return h(
    'div',
    {
      // Satori sizes boxes without their padding (content-box): 1056 × 510 plus 72 and 60 px of padding is 1200 × 630.
      width: 1056,
      height: 510,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '60px 72px',
      backgroundColor: '#1e1b4b',
      color: '#fff',
      fontFamily: 'Inter',
      position: 'relative',
    },
    h('div', { position: 'absolute', right: -192, top: -180, width: 420, height: 420, borderRadius: 210, backgroundColor: '#312e81' }, ''),
    h('div', { position: 'absolute', right: 18, bottom: -120, width: 160, height: 160, borderRadius: 80, backgroundColor: '#ea580c' }, ''),
    h(
      'div',
      { display: 'flex', alignItems: 'center', gap: 18, width: 1056 },
      { type: 'img', props: { src: MARK, width: 56, height: 56 } },
      h('div', { fontSize: 34, fontWeight: 700, letterSpacing: -0.5 }, 'Skribra'),
      h(
        'div',
        { marginLeft: 32, fontSize: 22, color: '#fdba74', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 2 },
        clip(card.eyebrow, 44),
      ),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column', gap: 22, width: card.art ? 600 : 960, marginBottom: 20 },
      h('div', { fontSize: title.length > 60 ? 56 : 66, fontWeight: 700, lineHeight: 1.1, letterSpacing: -1.5 }, title),
      h('div', { fontSize: 28, color: '#c7d2fe', lineHeight: 1.4 }, clip(card.description, 140)),
    ),
    ...(card.art ? [articleArt(card.art)] : []),
  );
}

/**
 * The card as a PNG `width` pixels wide (1200 × 630 for Open Graph; smaller for the blog index's card covers).
 * `_host` is the site the image is made for: part of its key (og-image-key.ts), no longer printed on it.
 */
export async function renderOgPng(card: OgCard, _host: string, width = 1200): Promise<Buffer> {
  fonts ??= [
    { name: 'Inter', data: font(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: font(700), weight: 700, style: 'normal' },
  ];
  const tree = ogCardTree(card);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: 1200, height: 630, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng();
}
