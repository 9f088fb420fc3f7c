// What the blog's pages need of an article's images besides its public fields: the cover's and each body image's
// size, ThumbHash placeholder and dominant colour (measured at publish), and, for an image that is one of the site's
// own files (public/ at a path of the site), that path, so the build can make responsive AVIF and WebP of it with
// Astro's image service (src/request/blog/blog-images.ts). Kept apart from the public article: the API does not carry it.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArticleRow } from '../../store/repos/articles.ts';

export interface MediaImage {
  src: string;
  width?: number;
  height?: number;
  /** ThumbHash, base64. */
  placeholder?: string;
  /** Dominant colour, #rrggbb. */
  color?: string;
  /**
   * The site's own file this image is: its path on the site (under public/), its format, and a digest of its bytes
   * (the image service's cache and file names follow it, so a file replaced under the same name is made again).
   */
  local?: { path: string; format: LocalFormat; version: string };
}

export interface ArticleMedia {
  cover?: MediaImage;
  /** The <img> tags of content_html, in document order. */
  body: MediaImage[];
}

/** Formats the image service reads. */
const FORMATS = { '.webp': 'webp', '.png': 'png', '.jpg': 'jpg', '.jpeg': 'jpeg', '.avif': 'avif' } as const;
export type LocalFormat = (typeof FORMATS)[keyof typeof FORMATS];

/** The site's public/ folder (copied into every build's output before the image service reads it); read when first needed. */
let publicFolder: string | undefined;
const publicDir = () => (publicFolder ??= fileURLToPath(new URL('../../../public/', import.meta.url)));

/** Each file's digest by its size and modification time: a page rendered on request hashes an image once, not per request. */
const digests = new Map<string, { stamp: string; version: string }>();
const MAX_DIGESTS = 1000;
function versionOf(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) return undefined;
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const known = digests.get(file);
  if (known?.stamp === stamp) return known.version;
  const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
  if (digests.size >= MAX_DIGESTS) digests.delete(digests.keys().next().value!);
  digests.set(file, { stamp, version });
  return version;
}

/**
 * The site's own file `src` is, when public/ has it: a root-relative path, or an absolute URL on one of `sites` (this
 * build's site and the one the store's articles were written for, SKRIBRA_SITE_URL, which need not be the same).
 */
export function localImage(src: string, sites: readonly string[], dir = publicDir()): MediaImage['local'] {
  let path: string;
  try {
    const origins = sites.map((s) => new URL(s).origin);
    const url = new URL(src, `${origins[0]}/`);
    if (!origins.includes(url.origin) || url.search || url.hash) return undefined;
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  const format = FORMATS[extname(path).toLowerCase() as keyof typeof FORMATS];
  if (!format || path.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) return undefined;
  const version = versionOf(dir + path.slice(1));
  return version === undefined ? undefined : { path, format, version };
}

const image = (src: string, m: Omit<MediaImage, 'src' | 'local'>, sites: readonly string[], publicDir?: string): MediaImage => {
  const out: MediaImage = { src };
  if (m.width && m.height) Object.assign(out, { width: m.width, height: m.height });
  if (m.placeholder) out.placeholder = m.placeholder;
  if (m.color) out.color = m.color;
  const local = out.width ? localImage(src, sites, publicDir) : undefined;
  if (local) out.local = local;
  return out;
};

/** An article row's images as the pages use them; `sites` as for localImage. */
export function articleMedia(
  r: Pick<ArticleRow, 'image_url' | 'image_width' | 'image_height' | 'image_placeholder' | 'image_color' | 'body_images'>,
  sites: readonly string[],
  publicDir?: string,
): ArticleMedia {
  const cover = r.image_url
    ? image(
        r.image_url,
        {
          width: r.image_width ?? undefined,
          height: r.image_height ?? undefined,
          placeholder: r.image_placeholder ?? undefined,
          color: r.image_color ?? undefined,
        },
        sites,
        publicDir,
      )
    : undefined;
  const body = (r.body_images ?? []).map((b) => image(b.src, b, sites, publicDir));
  return cover ? { cover, body } : { body };
}
