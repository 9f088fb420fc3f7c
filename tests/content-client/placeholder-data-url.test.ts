// @skribra/content/images: a placeholder costs a few hundred bytes of HTML, not the 3 KB of ThumbHash's own
// uncompressed 32-pixel PNG, and still shows the image's colours.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { placeholderDataUrl } from '../../packages/content-client/src/images.ts';

const DEMO = new URL('../../public/demo/northwind/', import.meta.url).pathname;

/** The ThumbHash of `file` drawn at most 100 pixels on its long side, resized to `w` x `h` first. */
async function hashOf(file: string, w: number, h: number): Promise<string> {
  const scale = 100 / Math.max(w, h);
  const { data, info } = await sharp(DEMO + file)
    .resize(Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)), { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

describe('placeholderDataUrl', () => {
  for (const [w, h] of [
    [1600, 900],
    [1200, 630],
    [900, 1600],
    [800, 800],
    [2000, 200],
    [200, 2000],
  ] as const)
    it(`is a PNG of at most 362 characters with at most 8 pixels a side, in the image's colours (${w} x ${h})`, async () => {
      const hash = await hashOf('cold-brew-at-home.webp', w, h);
      const url = placeholderDataUrl(hash);
      expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect(url.length).toBeLessThanOrEqual(362);
      const png = Buffer.from(url.split(',')[1]!, 'base64');
      const meta = await sharp(png).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(8);
      expect(Math.sign(meta.width! - meta.height!)).toBe(Math.sign(w - h));
      const { channels } = await sharp(png).stats();
      const avg = thumbHashToAverageRGBA(Buffer.from(hash, 'base64'));
      for (const [i, v] of [avg.r, avg.g, avg.b].entries()) expect(Math.abs(channels[i]!.mean - v * 255)).toBeLessThan(12);
    });
});
