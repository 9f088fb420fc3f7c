// What a fast page needs of one image, from its bytes: intrinsic width and height (as displayed: EXIF rotation
// applied), a ThumbHash placeholder and the dominant colour. Decoded with sharp (libvips; JPEG, PNG, WebP, AVIF, GIF,
// TIFF, SVG), bounded in pixels so a small file that claims a huge picture is refused before it is decoded, and in
// time (sharp's timeout). Only a thumbnail is ever rendered: the size comes from the header (an SVG's from its
// width, height and viewBox, without drawing it), the placeholder and colour from a picture of at most 100 x 100
// (an SVG drawn at that size). sharp's timeout is checked between tiles, so it cannot stop one long draw: a publish
// runs this in a process it ends at the deadline (analyze-within.ts).
import sharp, { type Metadata } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

export interface ImageFacts {
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  /** Dominant colour, #rrggbb. */
  color: string;
}

/** Refused before decoding past this many pixels (about 8000 x 6000). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** ThumbHash wants at most 100 x 100. */
const THUMB = 100;

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/**
 * Width, height, placeholder and colour of an image; throws `not an image (...)` when sharp cannot read it, or
 * past `timeoutS` seconds of decoding.
 */
export async function analyzeImage(bytes: Uint8Array, { timeoutS = 0 }: { timeoutS?: number } = {}): Promise<ImageFacts> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, failOn: 'error' }).timeout({ seconds: timeoutS });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    throw new Error(`not an image (${(err as Error).message.split('\n')[0]})`);
  }
  if (!meta.width || !meta.height) throw new Error('not an image (no size)');
  // EXIF orientations 5 to 8 turn the picture a quarter: the page shows it with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  // The colour is of the thumbnail too: sharp's stats() reads the whole input, whatever the pipeline (an SVG drawn at
  // its full size, minutes for a small hostile file).
  const { data, info, dominant } = await input()
    .autoOrient()
    .resize(THUMB, THUMB, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(async ({ data, info }) => {
      const { dominant } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).stats();
      return { data, info, dominant };
    })
    .catch((err: Error) => {
      throw new Error(`not an image (${err.message.split('\n')[0]})`);
    });
  const placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  const { r, g, b } = dominant;
  return { width, height, placeholder, color: `#${hex(r)}${hex(g)}${hex(b)}` };
}
