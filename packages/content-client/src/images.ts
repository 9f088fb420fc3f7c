// Placeholders for an article's images: `image_placeholder` and each `body_images[].placeholder` are ThumbHashes
// (base64, about 25 bytes). `placeholderDataUrl` turns one into a tiny PNG data URL (a few hundred bytes) to show
// while the image loads: next/image's `blurDataURL`, or a CSS `background-image` the browser scales up smoothly.
// Runs anywhere (no Node API).
import { rgbaToDataURL, thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA, thumbHashToRGBA } from 'thumbhash';

function bytes(hash: string): Uint8Array {
  const bin = atob(hash);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// ThumbHash keeps only the lowest frequencies (at most 7 across the long side), so 8 pixels carry what it knows; its
// own 32-pixel PNG is stored uncompressed (3 KB in base64, often more than the thumbnail it stands for). The PNG
// writer spends 63 bytes plus 6 a row plus 4 a pixel: a budget of 255 bytes keeps the data URL within 362 characters.
const LONG_SIDE = 8;
const PNG_BUDGET = 255;
const pngBytes = (w: number, h: number) => 63 + h * (6 + 4 * w);

/** The placeholder's size: at most 8 pixels on its long side, the aspect kept, within the byte budget. */
function placeholderSize(w: number, h: number): { w: number; h: number } {
  for (let long = LONG_SIDE; ; long--) {
    const size = w >= h ? { w: long, h: Math.max(1, Math.round((long * h) / w)) } : { w: Math.max(1, Math.round((long * w) / h)), h: long };
    if (long === 1 || pngBytes(size.w, size.h) <= PNG_BUDGET) return size;
  }
}

/** Box-averages `rgba` (w x h) down to `to`. */
function shrink(w: number, h: number, rgba: ArrayLike<number>, to: { w: number; h: number }): Uint8Array {
  const out = new Uint8Array(to.w * to.h * 4);
  for (let y = 0; y < to.h; y++) {
    const y0 = Math.floor((y * h) / to.h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / to.h));
    for (let x = 0; x < to.w; x++) {
      const x0 = Math.floor((x * w) / to.w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / to.w));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 4; c++) sum[c]! += rgba[(sy * w + sx) * 4 + c]!;
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < 4; c++) out[(y * to.w + x) * 4 + c] = Math.round(sum[c]! / n);
    }
  }
  return out;
}

/**
 * A PNG data URL of the placeholder: at most 8 pixels on its long side and 362 characters. Show it scaled up
 * (CSS `background-size: cover`, or next/image's blur), over the image's `color`.
 */
export function placeholderDataUrl(hash: string): string {
  const { w, h, rgba } = thumbHashToRGBA(bytes(hash));
  const to = placeholderSize(w, h);
  return rgbaToDataURL(to.w, to.h, shrink(w, h, rgba, to));
}

/** The placeholder's average colour as `rgb(r g b / a)`, for a plain background. */
export function placeholderColor(hash: string): string {
  const { r, g, b, a } = thumbHashToAverageRGBA(bytes(hash));
  const c = (v: number) => Math.round(v * 255);
  return `rgb(${c(r)} ${c(g)} ${c(b)} / ${Math.round(a * 100) / 100})`;
}

/** The image's aspect ratio (width / height) as the placeholder records it, roughly. */
export function placeholderAspectRatio(hash: string): number {
  return thumbHashToApproximateAspectRatio(bytes(hash));
}
