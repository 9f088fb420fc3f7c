// The demo account's images: real files in public/demo/northwind/ (made by scripts/make-demo-images.ts from the
// declarations below), served by the local origin, so the examples show pictures that load. Each demo article has a
// 1600 x 900 cover and three illustrations in its body, each with its alt text; their sizes, placeholders and colours
// are measured from the files when the demo is seeded, as a publish measures a customer's images.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OwnArticleInput } from '../../src/model/schemas/own-article.ts';
import { analyzeImage, type ImageFacts } from '../../src/model/images/analyze-image.ts';
import { annotateImages } from '../../src/model/images/img-tags.ts';
import { blogTopics, demoTopics, toArticle } from './seed-content.ts';

/** Where the files are, below public/ (the URL path on the local origin). */
export const DEMO_IMAGE_PATH = '/demo/northwind';
export const DEMO_IMAGE_DIR = fileURLToPath(new URL(`../../public${DEMO_IMAGE_PATH}/`, import.meta.url));

/** One picture: its file, size, the colours it is drawn in and what it shows. */
export interface DemoPicture {
  file: string;
  width: number;
  height: number;
  /** Background from, background to, the motif's colour. */
  colours: [string, string, string];
  motif: 'cup' | 'beans' | 'grinder' | 'kettle' | 'drops' | 'leaf';
  alt: string;
}

const COVER_COLOURS: [string, string, string][] = [
  ['#3b2416', '#8a5a2b', '#f3e3c7'],
  ['#1f2a36', '#4b6a88', '#f2c28b'],
  ['#2e3b22', '#7d9a4a', '#f7efd8'],
  ['#402020', '#b5533c', '#fbe4d0'],
  ['#14323a', '#3f8f97', '#e9f3ef'],
  ['#35261c', '#a47148', '#fff4e0'],
];
const MOTIFS = ['cup', 'grinder', 'kettle', 'drops', 'cup', 'beans'] as const;
const WHAT: Record<DemoPicture['motif'], string> = {
  cup: 'a cup of coffee seen from above, steam rising',
  beans: 'roasted coffee beans scattered across the frame',
  grinder: 'a burr grinder beside a small pile of ground coffee',
  kettle: 'a gooseneck kettle pouring over a paper filter',
  drops: 'drops of coffee falling into a glass carafe',
  leaf: 'a coffee plant leaf with ripe red cherries',
};

/** The cover of the demo article `slug`, the n-th of the demo topics (n picks its colours and motif). */
export function demoCover(slug: string, n: number): DemoPicture {
  const motif = MOTIFS[n % MOTIFS.length]!;
  return {
    file: `${slug}.webp`,
    width: 1600,
    height: 900,
    colours: COVER_COLOURS[n % COVER_COLOURS.length]!,
    motif,
    alt: `Illustration: ${WHAT[motif]}`,
  };
}

/** The six body illustrations, three to an article. */
export const DEMO_FIGURES: DemoPicture[] = (['beans', 'cup', 'grinder', 'kettle', 'drops', 'leaf'] as const).map((motif, i) => ({
  file: `figure-${i + 1}-${motif}.webp`,
  width: 1200,
  height: 800,
  colours: COVER_COLOURS[(i + 3) % COVER_COLOURS.length]!,
  motif,
  alt: `Illustration: ${WHAT[motif]}`,
}));

const measured = new Map<string, Promise<ImageFacts>>();
/** A demo file's measurements, once per process. */
const facts = (file: string) => {
  if (!measured.has(file)) measured.set(file, analyzeImage(readFileSync(DEMO_IMAGE_DIR + file)));
  return measured.get(file)!;
};

/**
 * The demo article with its pictures on `origin` (the local origin's URL): the cover, and three figures in its body,
 * before its first three h2 headings, with sizes, placeholders and colours measured from the files.
 */
export async function withDemoImages(a: OwnArticleInput, n: number, origin: string): Promise<OwnArticleInput> {
  const url = (file: string) => `${origin}${DEMO_IMAGE_PATH}/${file}`;
  const cover = demoCover(a.slug, n);
  const figures = [0, 1, 2].map((k) => DEMO_FIGURES[(n + k * 2) % DEMO_FIGURES.length]!);
  const [c, ...f] = await Promise.all([facts(cover.file), ...figures.map((p) => facts(p.file))]);
  let k = 0;
  const html = a.content_html.replace(/<h2\b/g, (h2) => {
    const p = figures[k++];
    return p
      ? `<figure><img src="${url(p.file)}" alt="${p.alt}"><figcaption>${p.alt.replace(/^Illustration: /, '')}</figcaption></figure>\n${h2}`
      : h2;
  });
  const placed = figures.slice(0, k);
  const body_images = placed.map((p, i) => ({
    src: url(p.file),
    alt: p.alt,
    width: f[i]!.width,
    height: f[i]!.height,
    placeholder: f[i]!.placeholder,
    color: f[i]!.color,
  }));
  return {
    ...a,
    image_url: url(cover.file),
    image_alt: cover.alt,
    image_width: c!.width,
    image_height: c!.height,
    image_placeholder: c!.placeholder,
    image_color: c!.color,
    content_html: annotateImages(html, body_images),
    body_images,
  };
}

/** The slug of the picture article (pictureArticle). */
export const PICTURE_ARTICLE_SLUG = 'article-images-that-load-fast';

/**
 * A house-blog article with pictures of its own: a 1600 x 900 cover and three 1200 x 800 figures in its body (the
 * demo files, served by `origin`), measured; written for the blog on `site`. What the site audit measures a fast
 * article page by (scripts/audit-site.ts); the seeded house blog keeps the covers the site draws.
 */
export async function pictureArticle(site: string, origin: string): Promise<OwnArticleInput> {
  const topic = blogTopics.find((t) => t.slug === 'search-intent')!;
  const article = toArticle({ ...topic, slug: PICTURE_ARTICLE_SLUG, title: 'Article images that load fast' }, site, 'Skribra', []);
  // The demo files are named by the demo topics' slugs: the first topic's cover, under this article's slug.
  const pictured = await withDemoImages({ ...article, slug: demoTopics[0]!.slug }, 0, origin);
  return { ...pictured, slug: PICTURE_ARTICLE_SLUG };
}
