// The JSON-LD of a blog article: the author, image and language from the article's own fields (winning over the
// stored JSON-LD, as the page shows them), and Skribra as author when none is named; all in schema.org's vocabulary.
import { describe, expect, test } from 'vitest';
import { articleJsonLd, imageJsonLd } from '../../src/request/blog/article-json-ld.ts';
import { authorJsonLd, bylineOf, isOrganization } from '../../src/request/blog/article-author.ts';
import { vocabularyProblems } from '../site/schema-vocabulary.ts';
import { articleRow, described, SITE } from './article-row.ts';

const URL_ = `${SITE}/blog/search-intent/`;
const skribra = { '@type': 'Organization', name: 'Skribra', url: `${SITE}/` };

describe('articleJsonLd', () => {
  test('without the new fields: Skribra as author, no inLanguage, the bare image URL as before', () => {
    const [ld] = articleJsonLd(articleRow({ image_url: described.image_url }), SITE, URL_);
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      author: skribra,
      publisher: skribra,
      image: [described.image_url],
      keywords: 'search intent',
    });
    expect(ld).not.toHaveProperty('inLanguage');
  });

  test('a named author with a page, a described and sized cover, the language and the tags', () => {
    const row = articleRow({
      ...described,
      author: { name: 'Jane Doe', url: 'https://jane.example/' },
      language: 'pt-BR',
      tags: ['seo', 'search intent', 'queries'],
    });
    const lds = articleJsonLd(row, SITE, URL_);
    expect(lds).toHaveLength(1);
    expect(lds[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Jane Doe', url: 'https://jane.example/' },
      publisher: skribra,
      image: { '@type': 'ImageObject', url: described.image_url, width: 1600, height: 900, caption: described.image_alt },
      inLanguage: 'pt-BR',
      keywords: 'search intent, seo, queries',
    });
    expect(vocabularyProblems(lds)).toEqual([]);
  });

  test('a cover of unknown size with alt text is an ImageObject without width and height', () => {
    const [ld] = articleJsonLd(articleRow({ image_url: described.image_url, image_alt: 'A desk' }), SITE, URL_);
    expect(ld!.image).toEqual({ '@type': 'ImageObject', url: described.image_url, caption: 'A desk' });
  });

  test("the article's author, described cover and language win over the stored JSON-LD; its other values still win", () => {
    const stored = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Stored headline',
      image: described.image_url,
      author: { '@type': 'Organization', name: 'Skribra' },
      inLanguage: 'en',
      url: 'https://elsewhere.example/post',
    };
    const row = articleRow({
      ...described,
      author: { name: 'Skribra editorial team', url: `${SITE}/` },
      language: 'de',
      json_ld: [stored, { '@type': 'FAQPage' }],
    });
    const [ld, faq] = articleJsonLd(row, SITE, URL_);
    expect(ld).toMatchObject({
      headline: 'Stored headline',
      author: { '@type': 'Organization', name: 'Skribra editorial team', url: `${SITE}/` },
      image: { '@type': 'ImageObject', width: 1600 },
      inLanguage: 'de',
      url: URL_,
      mainEntityOfPage: { '@id': URL_ },
    });
    expect(faq).toEqual({ '@type': 'FAQPage' });
  });

  test('a bare image URL leaves a stored image alone, and no author field leaves the stored author', () => {
    const stored = {
      '@type': 'BlogPosting',
      image: ['https://images.example/16x9.png', 'https://images.example/1x1.png'],
      author: { '@type': 'Person', name: 'Ann' },
    };
    const [ld] = articleJsonLd(articleRow({ image_url: described.image_url, json_ld: [stored] }), SITE, URL_);
    expect(ld).toMatchObject({ image: stored.image, author: stored.author });
  });
});

describe('imageJsonLd', () => {
  test('nothing without an image; the URL alone; width and height only as a pair', () => {
    expect(imageJsonLd(articleRow())).toBeUndefined();
    expect(imageJsonLd(articleRow({ image_url: described.image_url }))).toEqual([described.image_url]);
    expect(imageJsonLd(articleRow({ image_url: described.image_url, image_width: 1600 }))).toEqual([described.image_url]);
  });
});

describe('the author', () => {
  test('Person unless the name is Skribra or a team', () => {
    expect(['Jane Doe', 'Teresa Stafford', 'Desmond Tutu'].filter(isOrganization)).toEqual([]);
    expect(['Skribra', 'Skribra editorial team', 'The Editors', 'News desk', 'Growth Team'].every(isOrganization)).toBe(true);
  });

  test('authorJsonLd: Skribra with its logo when none is named; the url only when given', () => {
    expect(authorJsonLd(null, SITE)).toMatchObject({ ...skribra, logo: { '@type': 'ImageObject' } });
    expect(authorJsonLd({ name: 'Ann' }, SITE)).toEqual({ '@type': 'Person', name: 'Ann' });
  });

  test('bylineOf: the named author, else Skribra', () => {
    expect(bylineOf({ name: 'Ann', url: 'https://ann.example/' })).toEqual({ name: 'Ann', url: 'https://ann.example/' });
    expect(bylineOf(undefined)).toEqual({ name: 'Skribra' });
  });
});
