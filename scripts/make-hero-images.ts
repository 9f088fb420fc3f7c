#!/usr/bin/env node
// Draws the home page's product pictures into public/images/ from their sources in scripts/hero/, with every <text>
// outlined: its glyphs in Inter (@fontsource, through satori) become paths, so the picture looks the same on every
// machine and no fallback font can make a line overrun its card. Each text becomes <g class="text" data-size="…">
// (its font size, which the browser test reads). `node scripts/make-hero-images.ts` writes them; `--check` fails
// when a committed file differs from what its source draws.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
const SOURCES = new URL('./hero/', import.meta.url);
const OUT = new URL('../public/images/', import.meta.url);
export const HERO_FILES = ['product-dashboard.svg', 'product-dashboard-mobile.svg'];

const font = (weight: 400 | 700) => readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
const fonts = [
  { name: 'Inter', data: font(400), weight: 400 as const, style: 'normal' as const },
  { name: 'Inter', data: font(700), weight: 700 as const, style: 'normal' as const },
];

type Attrs = Record<string, string>;
const attrsOf = (s: string): Attrs => Object.fromEntries([...s.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Satori's output for one absolutely placed line of text on a `w` x `h` canvas: its paths. */
async function paths(w: number, h: number, style: Record<string, unknown>, text: string): Promise<string> {
  const node = { type: 'div', props: { style: { position: 'absolute', whiteSpace: 'nowrap', lineHeight: 1, ...style }, children: text } };
  const root = {
    type: 'div',
    props: { style: { display: 'flex', width: w, height: h, position: 'relative', fontFamily: 'Inter' }, children: node },
  };
  const svg = await satori(root as unknown as Parameters<typeof satori>[0], { width: w, height: h, fonts });
  return [...svg.matchAll(/<path [^>]*\/>/g)].map((m) => m[0].replace(/ d="([^"]*)"/, (_, d: string) => ` d="${relative(d)}"`)).join('');
}

/**
 * Satori's absolute path data (M, L, Q, Z) as relative commands in tenths of a unit, without its empty segments:
 * about half the bytes. Positions are rounded once, so the steps add up exactly.
 */
function relative(d: string): string {
  const tokens = d.match(/[MLQZ]|-?\d*\.?\d+/g) ?? [];
  const num = (n: number) => (n / 10).toString().replace(/^(-?)0\./, '$1.');
  const pair = (x: number, y: number) => `${num(x)}${y < 0 ? '' : ' '}${num(y)}`;
  let out = '';
  let [cx, cy, sx, sy] = [0, 0, 0, 0];
  for (let i = 0; i < tokens.length; ) {
    const cmd = tokens[i++]!;
    const next = () => Math.round(Number(tokens[i++]) * 10);
    if (cmd === 'Z') {
      out += 'z';
      [cx, cy] = [sx, sy];
    } else if (cmd === 'M' || cmd === 'L') {
      const [x, y] = [next(), next()];
      if (cmd === 'L' && x === cx && y === cy) continue;
      out += `${cmd.toLowerCase()}${pair(x - cx, y - cy)}`;
      [cx, cy] = [x, y];
      if (cmd === 'M') [sx, sy] = [x, y];
    } else {
      const [x1, y1, x, y] = [next(), next(), next(), next()];
      out += `q${pair(x1 - cx, y1 - cy)} ${pair(x - cx, y - cy)}`;
      [cx, cy] = [x, y];
    }
  }
  return out;
}

/** Where the baseline of a line of Inter at lineHeight 1 sits below its top, per unit of font size. */
let baseline: number | undefined;
async function baselineRatio(): Promise<number> {
  if (baseline === undefined) {
    const p = await paths(200, 200, { left: 0, top: 0, fontSize: 100, fontWeight: 700 }, 'H');
    const box = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">${p}</svg>`).getBBox()!;
    baseline = (box.y + box.height) / 100;
  }
  return baseline;
}

/** One <text> (attributes inherited from its <g>s) as a group of paths at the same place. */
async function outline(w: number, h: number, a: Attrs, text: string): Promise<string> {
  const size = Number(a['font-size'] ?? 16);
  const x = Number(a.x ?? 0);
  const top = Number(a.y ?? 0) - (await baselineRatio()) * size;
  const span = 2 * w;
  const anchor = a['text-anchor'] ?? 'start';
  const place =
    anchor === 'middle'
      ? { left: x - span / 2, width: span, textAlign: 'center' }
      : anchor === 'end'
        ? { left: x - span, width: span, textAlign: 'right' }
        : { left: x };
  const style = { ...place, top, fontSize: size, fontWeight: Number(a['font-weight'] ?? 400), color: a.fill ?? '#000' };
  return `<g class="text" data-size="${size}">${await paths(w, h, style, decodeEntities(text))}</g>`;
}

/** The source SVG with each <text> outlined and the font attributes of its groups dropped. */
export async function outlineSvg(source: string): Promise<string> {
  const root = attrsOf(/<svg\b([^>]*)>/.exec(source)![1]!);
  const [, , w, h] = root.viewBox!.split(/\s+/).map(Number) as [number, number, number, number];
  const stack: Attrs[] = [];
  const parts: (string | Promise<string>)[] = [];
  let last = 0;
  for (const m of source.matchAll(/<g\b([^>]*)>|<\/g>|<text\b([^>]*)>([^<]*)<\/text>/g)) {
    parts.push(source.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[0] === '</g>') {
      stack.pop();
      parts.push(m[0]);
    } else if (m[0].startsWith('<g')) {
      stack.push(attrsOf(m[1]!));
      parts.push(m[0].replace(/\s(font-family|font-size|font-weight)="[^"]*"/g, ''));
    } else parts.push(outline(w, h, Object.assign({}, ...stack, attrsOf(m[2]!)), m[3]!));
  }
  parts.push(source.slice(last));
  return (await Promise.all(parts)).join('');
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const file of HERO_FILES) {
    const svg = await outlineSvg(readFileSync(new URL(file, SOURCES), 'utf8'));
    if (!check) writeFileSync(new URL(file, OUT), svg);
    else if (readFileSync(new URL(file, OUT), 'utf8') !== svg) stale.push(file);
  }
  if (stale.length) {
    console.error(`public/images/${stale.join(', ')}: not what scripts/hero/ draws; run node scripts/make-hero-images.ts`);
    process.exit(1);
  }
}
