#!/usr/bin/env node
// Draws the demo account's pictures (dev/seed/seed-images.ts) into public/demo/northwind/ as WebP: a gradient, a
// motif and some texture, so each has real content, a distinct placeholder and a dominant colour. The files are
// committed; run this again only after changing the declarations: `node scripts/make-demo-images.ts`.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { demoTopics } from '../dev/seed/seed-content.ts';
import { DEMO_FIGURES, DEMO_IMAGE_DIR, demoCover, type DemoPicture } from '../dev/seed/seed-images.ts';

/** A small deterministic generator, so the files come out the same each time. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function motif(p: DemoPicture, r: () => number): string {
  const { width: w, height: h } = p;
  const [, , ink] = p.colours;
  const cx = w * (0.35 + r() * 0.3);
  const cy = h * 0.55;
  const u = Math.min(w, h);
  const bean = (x: number, y: number, s: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a}) scale(${s})"><ellipse rx="30" ry="20" fill="#4a2c17"/><path d="M-26 0 C -10 -8, 10 8, 26 0" stroke="#2a160a" stroke-width="4" fill="none"/></g>`;
  switch (p.motif) {
    case 'cup':
      return `<ellipse cx="${cx}" cy="${cy + u * 0.05}" rx="${u * 0.36}" ry="${u * 0.3}" fill="${ink}" opacity="0.9"/>
        <circle cx="${cx}" cy="${cy}" r="${u * 0.24}" fill="#f8f4ee"/><circle cx="${cx}" cy="${cy}" r="${u * 0.19}" fill="#5b3520"/>
        <circle cx="${cx - u * 0.05}" cy="${cy - u * 0.04}" r="${u * 0.06}" fill="#c89b6d" opacity="0.7"/>
        ${[0, 1, 2].map((i) => `<path d="M${cx - u * 0.1 + i * u * 0.1} ${cy - u * 0.3} q ${u * 0.05} -${u * 0.08} 0 -${u * 0.16} q -${u * 0.05} -${u * 0.08} 0 -${u * 0.16}" stroke="${ink}" stroke-width="${u * 0.015}" fill="none" opacity="0.6"/>`).join('')}`;
    case 'beans':
      return Array.from({ length: 40 }, () => bean(r() * w, r() * h, 1 + r() * 2.5, r() * 180)).join('');
    case 'grinder':
      return `<rect x="${cx - u * 0.12}" y="${cy - u * 0.35}" width="${u * 0.24}" height="${u * 0.6}" rx="${u * 0.03}" fill="${ink}"/>
        <path d="M${cx - u * 0.16} ${cy - u * 0.35} L ${cx + u * 0.16} ${cy - u * 0.35} L ${cx + u * 0.08} ${cy - u * 0.5} L ${cx - u * 0.08} ${cy - u * 0.5} Z" fill="#d8cfc4"/>
        <ellipse cx="${cx + u * 0.35}" cy="${cy + u * 0.27}" rx="${u * 0.16}" ry="${u * 0.05}" fill="#5b3520"/>
        ${Array.from({ length: 6 }, () => bean(cx - u * 0.5 + r() * u * 0.2, cy + u * 0.2 + r() * u * 0.1, 0.8, r() * 180)).join('')}`;
    case 'kettle':
      return `<path d="M${cx - u * 0.2} ${cy + u * 0.25} L ${cx + u * 0.2} ${cy + u * 0.25} L ${cx + u * 0.15} ${cy - u * 0.1} L ${cx - u * 0.15} ${cy - u * 0.1} Z" fill="${ink}"/>
        <path d="M${cx + u * 0.17} ${cy + u * 0.1} C ${cx + u * 0.4} ${cy}, ${cx + u * 0.35} ${cy - u * 0.3}, ${cx + u * 0.5} ${cy - u * 0.3}" stroke="${ink}" stroke-width="${u * 0.03}" fill="none"/>
        <path d="M${cx + u * 0.5} ${cy - u * 0.28} L ${cx + u * 0.52} ${cy + u * 0.3}" stroke="#8a5a2b" stroke-width="${u * 0.01}"/>
        <path d="M${cx + u * 0.4} ${cy + u * 0.3} L ${cx + u * 0.64} ${cy + u * 0.3} L ${cx + u * 0.52} ${cy + u * 0.45} Z" fill="#f8f4ee"/>`;
    case 'drops':
      return `<rect x="${cx - u * 0.22}" y="${cy - u * 0.05}" width="${u * 0.44}" height="${u * 0.4}" rx="${u * 0.08}" fill="${ink}" opacity="0.35"/>
        <rect x="${cx - u * 0.2}" y="${cy + u * 0.15}" width="${u * 0.4}" height="${u * 0.18}" rx="${u * 0.06}" fill="#5b3520"/>
        ${Array.from({ length: 7 }, (_, i) => `<ellipse cx="${cx + (r() - 0.5) * u * 0.05}" cy="${cy - u * 0.4 + i * u * 0.07}" rx="${u * 0.012}" ry="${u * 0.02}" fill="#5b3520"/>`).join('')}`;
    case 'leaf':
      return `<path d="M${cx - u * 0.4} ${cy + u * 0.2} C ${cx - u * 0.2} ${cy - u * 0.4}, ${cx + u * 0.3} ${cy - u * 0.4}, ${cx + u * 0.4} ${cy - u * 0.1} C ${cx + u * 0.2} ${cy + u * 0.3}, ${cx - u * 0.2} ${cy + u * 0.35}, ${cx - u * 0.4} ${cy + u * 0.2} Z" fill="#3f7a3a"/>
        <path d="M${cx - u * 0.4} ${cy + u * 0.2} C ${cx - u * 0.1} ${cy}, ${cx + u * 0.2} ${cy - u * 0.1}, ${cx + u * 0.4} ${cy - u * 0.1}" stroke="#b9d9a0" stroke-width="${u * 0.01}" fill="none"/>
        ${Array.from({ length: 5 }, (_, i) => `<circle cx="${cx - u * 0.3 + i * u * 0.07}" cy="${cy + u * 0.32 + (i % 2) * u * 0.04}" r="${u * 0.035}" fill="#c0262d"/>`).join('')}`;
  }
}

function svg(p: DemoPicture, seed: number): string {
  const r = random(seed);
  const [from, to] = p.colours;
  const specks = Array.from(
    { length: 120 },
    () =>
      `<circle cx="${(r() * p.width).toFixed(0)}" cy="${(r() * p.height).toFixed(0)}" r="${(1 + r() * 5).toFixed(1)}" fill="#ffffff" opacity="${(0.03 + r() * 0.08).toFixed(2)}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="v" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${specks}${motif(p, r)}<rect width="100%" height="100%" fill="url(#v)"/></svg>`;
}

mkdirSync(DEMO_IMAGE_DIR, { recursive: true });
const pictures = [...demoTopics.map((t, n) => demoCover(t.slug, n)), ...DEMO_FIGURES];
let total = 0;
for (const [i, p] of pictures.entries()) {
  const info = await sharp(Buffer.from(svg(p, i + 1)))
    .webp({ quality: 72, effort: 6 })
    .toFile(DEMO_IMAGE_DIR + p.file);
  total += info.size;
  console.log(`${p.file}: ${info.width} x ${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
}
console.log(`${pictures.length} pictures, ${(total / 1024).toFixed(0)} KB in ${DEMO_IMAGE_DIR}`);
