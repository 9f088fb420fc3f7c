// An in-place edit of an article (skribra article update) measured as a publish is (measure-images.ts): a new
// content_html has each <img> measured again (width, height, placeholder and colour in body_images, the sizes and
// lazy loading on the tags), a new image_url has the cover measured again; through the same guard, bounds and time
// budget, and an image that cannot be measured is a warning, never a failed edit. Fields the edit sets itself win.
import type { OwnArticleInput } from '../../model/schemas/own-article.ts';
import { measureImages, type MeasureOptions } from './measure-images.ts';

const COVER = ['image_width', 'image_height', 'image_placeholder', 'image_color'] as const;

type Measured = Pick<OwnArticleInput, 'content_html' | 'body_images' | (typeof COVER)[number]>;

/**
 * The fields the edit must write besides those it sets (null clears a stale measurement), and one line per image
 * that could not be measured. `article` is the whole article after the edit; `changed`, the fields the edit sets.
 */
export async function measureEdit(
  article: OwnArticleInput,
  changed: ReadonlySet<string>,
  opts: MeasureOptions,
): Promise<{ fields: { [K in keyof Measured]?: Measured[K] | null }; warnings: string[] }> {
  const body = changed.has('content_html');
  const cover = changed.has('image_url');
  if (!body && !cover) return { fields: {}, warnings: [] };
  const input: OwnArticleInput = { ...article };
  // The stored measurements were of the old images: measured again unless the edit gives them.
  if (body && !changed.has('body_images')) delete input.body_images;
  if (!body) input.content_html = '';
  if (cover) for (const k of COVER) if (!changed.has(k)) delete input[k];
  if (!cover) delete input.image_url;
  const { article: out, warnings } = await measureImages(input, opts);
  const fields: { [K in keyof Measured]?: Measured[K] | null } = {};
  if (body) Object.assign(fields, { content_html: out.content_html, body_images: out.body_images ?? [] });
  if (cover) for (const k of COVER) Object.assign(fields, { [k]: out[k] ?? null });
  return { fields, warnings };
}
