// The home page's product pictures (public/images/, drawn by scripts/make-hero-images.ts from scripts/hero/): no
// <text> and no font of the machine anywhere in them, and each file is what its source draws now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HERO_FILES, outlineSvg } from '../../scripts/make-hero-images.ts';

const read = (dir: string, file: string) => readFileSync(new URL(`../../${dir}/${file}`, import.meta.url), 'utf8');

describe('the hero pictures', () => {
  it.each(HERO_FILES)('%s has its text outlined: no <text>, no font-family, a path group per line', async (file) => {
    const svg = read('public/images', file);
    expect(svg).not.toMatch(/<text\b|font-family|@font-face/);
    const lines = read('scripts/hero', file).match(/<text\b/g)!.length;
    expect(svg.match(/<g class="text" data-size="\d+(\.\d+)?"><path /g)).toHaveLength(lines);
    expect(svg).toBe(await outlineSvg(read('scripts/hero', file)));
  });

  it('outlines a line where an SVG renderer would put it: its anchor, size and inherited attributes kept', async () => {
    const svg = await outlineSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><g font-family="Arial" font-size="20" font-weight="700"><text x="100" y="30" text-anchor="middle" fill="#123456">Hi</text></g></svg>',
    );
    expect(svg).toMatch(/^<svg [^>]*><g><g class="text" data-size="20"><path fill="#123456" d="m[^"]+"\/><\/g><\/g><\/svg>$/);
  });
});
