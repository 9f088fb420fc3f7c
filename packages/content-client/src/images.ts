// Placeholders for an article's images: `image_placeholder` and each `body_images[].placeholder` are ThumbHashes
// (base64, about 25 bytes). `placeholderDataUrl` turns one into a small PNG data URL to show, blurred, while the
// image loads: next/image's `blurDataURL`, or a CSS `background-image`. Runs anywhere (no Node API).
import { thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';

function bytes(hash: string): Uint8Array {
  const bin = atob(hash);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A PNG data URL of the placeholder (about 32 pixels on its long side; scale it up with CSS, blurred if you like). */
export function placeholderDataUrl(hash: string): string {
  return thumbHashToDataURL(bytes(hash));
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
