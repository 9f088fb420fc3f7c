// The images of an article measured at publish: the cover (image_url) and each <img> of content_html get their
// intrinsic width and height, a ThumbHash placeholder and their dominant colour, fetched through the SSRF guard
// (fetch-image.ts) a few at a time within one time budget. What the publisher's file gives is kept (the cover's
// image_width and image_height, an <img>'s width and height); an image that cannot be fetched or read is a warning
// and goes without, never a failed publish. The body's <img> tags get the sizes and lazy loading (img-tags.ts).
import type { OwnArticleInput } from '../schemas/own-article.ts';
import type { Resolver, TargetPolicy } from '../webhooks/vet-target.ts';
import { analyzeImage, type ImageFacts } from '../images/analyze-image.ts';
import { annotateImages, findImages } from '../images/img-tags.ts';
import { fetchImage, IMAGE_LIMITS, type FetchLimits } from './fetch-image.ts';

export interface MeasureOptions {
  policy: TargetPolicy;
  resolver?: Resolver;
  limits?: FetchLimits;
  /** Images fetched at once. */
  concurrency?: number;
  /** All of an article's images are measured within this; those left are warnings. */
  budgetMs?: number;
}

type BodyImage = NonNullable<OwnArticleInput['body_images']>[number];

const short = (url: string) => (url.length > 120 ? `${url.slice(0, 117)}...` : url);

/** The article with its images measured, and one line per image that could not be. */
export async function measureImages(a: OwnArticleInput, opts: MeasureOptions): Promise<{ article: OwnArticleInput; warnings: string[] }> {
  const { concurrency = 4, budgetMs = 20_000, limits = IMAGE_LIMITS } = opts;
  const deadline = Date.now() + budgetMs;
  const tags = findImages(a.content_html);
  const given = new Map((a.body_images ?? []).map((b) => [b.src, b]));
  const warnings: string[] = [];

  // Each distinct URL once; the cover only when the file leaves something out.
  const coverNeeded = a.image_url !== undefined && [a.image_width, a.image_placeholder, a.image_color].some((v) => v === undefined);
  const wanted = new Set<string>();
  if (coverNeeded) wanted.add(a.image_url!);
  for (const t of tags) {
    const g = given.get(t.src);
    if (!(g?.width && g.placeholder && g.color)) wanted.add(t.src);
  }
  const facts = new Map<string, ImageFacts | string>();
  const queue = [...wanted];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      facts.set(url, await measureOne(url, opts, limits, deadline));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));

  const out: OwnArticleInput = { ...a };
  if (coverNeeded) {
    const f = facts.get(a.image_url!)!;
    if (typeof f === 'string')
      warnings.push(`image_url ${short(a.image_url!)}: not measured (${f}); published without its size and placeholder`);
    else {
      if (out.image_width === undefined) Object.assign(out, { image_width: f.width, image_height: f.height });
      out.image_placeholder ??= f.placeholder;
      out.image_color ??= f.color;
    }
  }
  const body: BodyImage[] = tags.map((t, i) => {
    const g = given.get(t.src);
    const f = facts.get(t.src);
    const measured = f && typeof f !== 'string' ? f : undefined;
    if (typeof f === 'string')
      warnings.push(`content_html image ${i + 1} ${short(t.src)}: not measured (${f}); published without its size`);
    if (t.alt === undefined)
      warnings.push(`content_html image ${i + 1} ${short(t.src)}: has no alt; describe it, or give alt="" if it is decorative`);
    const width = t.width ?? g?.width ?? measured?.width;
    const height = t.width ? t.height : (g?.height ?? measured?.height);
    const placeholder = g?.placeholder ?? measured?.placeholder;
    const color = g?.color ?? measured?.color;
    return {
      src: t.src,
      ...(t.alt !== undefined ? { alt: t.alt } : {}),
      ...(width && height ? { width, height } : {}),
      ...(placeholder ? { placeholder } : {}),
      ...(color ? { color } : {}),
    };
  });
  out.body_images = body;
  if (tags.length) out.content_html = annotateImages(a.content_html, body);
  return { article: out, warnings };
}

async function measureOne(url: string, opts: MeasureOptions, limits: FetchLimits, deadline: number): Promise<ImageFacts | string> {
  if (!/^https?:\/\//i.test(url)) return url.startsWith('data:') ? 'a data: URL is not measured' : 'not an absolute http(s) URL';
  const left = deadline - Date.now();
  if (left <= 0) return "the publish's time for measuring images ran out";
  const got = await fetchImage(url, opts.policy, {
    limits: { ...limits, timeoutMs: Math.min(limits.timeoutMs, left) },
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
  });
  if (!got.ok) return got.reason;
  try {
    return await analyzeImage(got.bytes);
  } catch (err) {
    return (err as Error).message;
  }
}
