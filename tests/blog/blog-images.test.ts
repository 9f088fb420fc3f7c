// The blog article's images (src/request/blog/article-media.ts, src/request/blog/blog-images.ts): which images are the site's own
// files, and the body as the page shows it: every measured <img> with its size and placeholder, lazy after the
// first, and the site's own files as a <picture> of AVIF and WebP at widths up to their own. `optimise` stands for
// the page's getImage (Astro's image service), whose files the site build and the audit check (scripts/audit-site.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleMedia, localImage } from '../../src/request/blog/article-media.ts';
import { BODY_WIDTHS, bodyWithImages, placeholderStyle, widthsFor, type Optimise } from '../../src/request/blog/blog-images.ts';
import { findImages } from '../../src/model/images/img-tags.ts';

const SITE = 'http://blog.test';
const SEEDED = 'https://skribra.com';
const FIGURE = '/demo/northwind/figure-1-beans.webp';
// The ThumbHash of figure-1-beans.webp.
const PLACEHOLDER = 'EGkGDYJCtGVwiJaVhmZ5h2FwJQVX';

/** A digest of the file's bytes. */
const VERSION = expect.stringMatching(/^[0-9a-f]{12}$/);

const calls: { path: string; to: string; widths: number[] }[] = [];
const optimise: Optimise = async (img, to, widths) => {
  calls.push({ path: img.path, to, widths });
  const name = (w: number) => `${img.path.replace(/\.\w+$/, '')}_${w}.${to}`;
  return { src: name(img.width), srcset: widths.map((w) => `${name(w)} ${w}w`).join(', ') };
};

describe('which images are the site own files', () => {
  it('a path of the site or of the seeded site that public/ has, nothing else', () => {
    expect(localImage(`${SITE}${FIGURE}`, [SITE, SEEDED])).toEqual({ path: FIGURE, format: 'webp', version: VERSION });
    expect(localImage(`${SEEDED}${FIGURE}`, [SITE, SEEDED])).toEqual({ path: FIGURE, format: 'webp', version: VERSION });
    expect(localImage(FIGURE, [SITE])).toEqual({ path: FIGURE, format: 'webp', version: VERSION });
    expect(localImage(`https://elsewhere.test${FIGURE}`, [SITE, SEEDED])).toBeUndefined();
    expect(localImage(`${SITE}${FIGURE}?w=10`, [SITE])).toBeUndefined();
    expect(localImage(`${SITE}/demo/northwind/none.webp`, [SITE])).toBeUndefined();
    expect(localImage(`${SITE}/demo/northwind/%2e%2e/%2e%2e/package.json`, [SITE])).toBeUndefined();
    expect(localImage(`${SITE}/favicon.svg`, [SITE])).toBeUndefined(); // not a format the image service makes
    expect(localImage('not a url', ['also not'])).toBeUndefined();
  });

  it('the version follows the bytes: a file replaced under the same name gets another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skribra-public-'));
    try {
      writeFileSync(join(dir, 'a.png'), 'one');
      const first = localImage(`${SITE}/a.png`, [SITE], `${dir}/`)!.version;
      expect(localImage(`${SITE}/a.png`, [SITE], `${dir}/`)!.version).toBe(first);
      writeFileSync(join(dir, 'a.png'), 'two');
      expect(localImage(`${SITE}/a.png`, [SITE], `${dir}/`)!.version).not.toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an article row's cover and body images, measured ones only marked as the site's own", () => {
    const media = articleMedia(
      {
        image_url: `${SEEDED}/demo/northwind/best-burr-grinder-for-espresso.webp`,
        image_width: 1600,
        image_height: 900,
        image_placeholder: PLACEHOLDER,
        image_color: '#583818',
        body_images: [
          { src: `${SITE}${FIGURE}`, alt: 'Beans', width: 1200, height: 800, placeholder: PLACEHOLDER, color: '#482818' },
          { src: `${SITE}/demo/northwind/figure-2-cup.webp`, alt: 'Unmeasured' },
          { src: 'https://cdn.test/x.png', width: 300, height: 200 },
        ],
      },
      [SITE, SEEDED],
    );
    expect(media).toEqual({
      cover: {
        src: `${SEEDED}/demo/northwind/best-burr-grinder-for-espresso.webp`,
        width: 1600,
        height: 900,
        placeholder: PLACEHOLDER,
        color: '#583818',
        local: { path: '/demo/northwind/best-burr-grinder-for-espresso.webp', format: 'webp', version: VERSION },
      },
      body: [
        {
          src: `${SITE}${FIGURE}`,
          width: 1200,
          height: 800,
          placeholder: PLACEHOLDER,
          color: '#482818',
          local: { path: FIGURE, format: 'webp', version: VERSION },
        },
        { src: `${SITE}/demo/northwind/figure-2-cup.webp` },
        { src: 'https://cdn.test/x.png', width: 300, height: 200 },
      ],
    });
    expect(
      articleMedia(
        { image_url: null, image_width: null, image_height: null, image_placeholder: null, image_color: null, body_images: [] },
        [SITE],
      ),
    ).toEqual({
      body: [],
    });
  });
});

describe('the body as the page shows it', () => {
  it("each image keeps its size, shows its placeholder, loads lazily after the first; the site's files become AVIF and WebP", async () => {
    const html = `<p>Intro</p><figure><img src="${SITE}${FIGURE}" alt="Beans"></figure><p><img src="https://cdn.test/x.png" alt="Remote"></p><p><img src="https://cdn.test/own.png" alt="Own" srcset="https://cdn.test/own-2x.png 2x"></p>`;
    const media = articleMedia(
      {
        image_url: null,
        image_width: null,
        image_height: null,
        image_placeholder: null,
        image_color: null,
        body_images: [
          { src: `${SITE}${FIGURE}`, alt: 'Beans', width: 1200, height: 800, placeholder: PLACEHOLDER, color: '#482818' },
          { src: 'https://cdn.test/x.png', alt: 'Remote', width: 300, height: 200, color: '#112233' },
          { src: 'https://cdn.test/own.png', alt: 'Own', width: 640, height: 480 },
        ],
      },
      [SITE],
    );
    calls.length = 0;
    const out = await bodyWithImages(html, media, optimise);
    expect(calls).toEqual([
      { path: FIGURE, to: 'avif', widths: [480, 800, 1200] },
      { path: FIGURE, to: 'webp', widths: [480, 800, 1200] },
    ]);
    const picture = /<figure>(<picture>.*?<\/picture>)<\/figure>/.exec(out)?.[1];
    expect(picture).toMatch(
      /^<picture><source type="image\/avif" srcset="\/demo\/northwind\/figure-1-beans_480\.avif 480w, \/demo\/northwind\/figure-1-beans_800\.avif 800w, \/demo\/northwind\/figure-1-beans_1200\.avif 1200w" sizes="[^"]+"><img src="\/demo\/northwind\/figure-1-beans_1200\.webp" srcset="[^"]+ 480w, [^"]+ 800w, [^"]+ 1200w" sizes="[^"]+" alt="Beans" width="1200" height="800" style="background-color:#482818;background-image:url\(data:image\/png;base64,[A-Za-z0-9+/=]+\);background-size:cover;background-repeat:no-repeat"><\/picture>$/,
    );
    // The first image loads eagerly; the others lazily, with their sizes; a publisher's own srcset is kept as it is.
    expect(findImages(out).map(({ width, height }) => [width, height])).toEqual([
      [1200, 800],
      [300, 200],
      [640, 480],
    ]);
    expect(out).toContain(
      '<img src="https://cdn.test/x.png" alt="Remote" width="300" height="200" loading="lazy" decoding="async" style="background-color:#112233">',
    );
    expect(out).toContain(
      '<img src="https://cdn.test/own.png" alt="Own" srcset="https://cdn.test/own-2x.png 2x" width="640" height="480" loading="lazy" decoding="async">',
    );
    expect(out).not.toMatch(/<picture>.*<picture>/);
    expect(out.startsWith('<p>Intro</p><figure><picture>')).toBe(true);
  });

  it('a body without images is left as it is; widths never exceed the image', async () => {
    expect(await bodyWithImages('<p>x</p>', { body: [] }, optimise)).toBe('<p>x</p>');
    expect(widthsFor(BODY_WIDTHS, 700)).toEqual([480, 700]);
    expect(widthsFor(BODY_WIDTHS, 300)).toEqual([300]);
    expect(widthsFor(BODY_WIDTHS, 1200)).toEqual([480, 800, 1200]);
  });

  it('the placeholder style takes only a hex colour and a base64 ThumbHash (nothing else reaches the style attribute)', () => {
    expect(placeholderStyle({ color: 'red;background:url(https://evil.test/)', placeholder: 'x"><script>' })).toBeUndefined();
    expect(placeholderStyle({ color: '#aabbcc' })).toBe('background-color:#aabbcc');
    expect(placeholderStyle(undefined)).toBeUndefined();
  });
});
