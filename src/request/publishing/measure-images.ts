// The images of an article measured at publish: the cover (image_url) and each <img> of content_html get their
// intrinsic width and height, a ThumbHash placeholder and their dominant colour, fetched through the SSRF guard
// (fetch-image.ts) a few at a time within one time budget. What the publisher's file gives is kept (the cover's
// image_width and image_height, an <img>'s width and height); an image that cannot be fetched or read is a warning
// and goes without. Decoding runs under the same clock (analyze-within.ts, a process ended at the deadline): an image
// not decoded within its time fails the publish, naming it, for a picture that takes that long would stall every
// browser and image service that shows it. The body's <img> tags get the sizes and lazy loading (img-tags.ts).
import type { OwnArticleInput } from '../../model/schemas/own-article.ts';
import type { Resolver, TargetPolicy } from '../webhooks/vet-target.ts';
import type { ImageFacts } from '../../model/images/analyze-image.ts';
import { analyzeWithin, OverTimeError } from '../../model/images/analyze-within.ts';
import { annotateImages, findImages } from '../../model/images/img-tags.ts';
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

/** An image whose decoding ran past its time: the publish fails. */
class Refused {
  reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

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
  const facts = new Map<string, ImageFacts | string | Refused>();
  const queue = [...wanted];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      facts.set(url, await measureOne(url, opts, limits, deadline, budgetMs));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  const refused = [
    ...(coverNeeded ? [[`image_url ${short(a.image_url!)}`, facts.get(a.image_url!)] as const] : []),
    ...tags.map((t, i) => [`content_html image ${i + 1} ${short(t.src)}`, facts.get(t.src)] as const),
  ].flatMap(([what, f]) => (f instanceof Refused ? [`${what}: ${f.reason}`] : []));
  if (refused.length)
    throw new Error(`${refused.join('; ')}; not published: an image that takes this long to decode would stall every page that shows it`);

  const out: OwnArticleInput = { ...a };
  if (coverNeeded) {
    const f = facts.get(a.image_url!) as ImageFacts | string;
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
    const f = facts.get(t.src) as ImageFacts | string | undefined;
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

async function measureOne(
  url: string,
  opts: MeasureOptions,
  limits: FetchLimits,
  deadline: number,
  budgetMs: number,
): Promise<ImageFacts | string | Refused> {
  if (!/^https?:\/\//i.test(url)) return url.startsWith('data:') ? 'a data: URL is not measured' : 'not an absolute http(s) URL';
  const left = deadline - Date.now();
  if (left <= 0) return "the publish's time for measuring images ran out";
  const got = await fetchImage(url, opts.policy, {
    limits: { ...limits, timeoutMs: Math.min(limits.timeoutMs, left) },
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
  });
  if (!got.ok) return got.reason;
  // The image's own time again for decoding, within what is left of the article's.
  const ms = Math.min(limits.timeoutMs, deadline - Date.now());
  const over = ms < limits.timeoutMs ? `not decoded within the ${budgetMs / 1000} s of the article's images` : undefined;
  if (ms <= 0) return new Refused(over!);
  try {
    return await analyzeWithin(got.bytes, ms);
  } catch (err) {
    if (err instanceof OverTimeError) return new Refused(over ?? err.message);
    return (err as Error).message;
  }
}
