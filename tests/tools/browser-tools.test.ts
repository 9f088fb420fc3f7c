import { describe, expect, it } from 'vitest';
import { countWords, readingTime, textStats } from '../../src/model/core/tools/text-stats.ts';
import { countSyllables, fleschReadingEase } from '../../src/model/core/tools/readability.ts';
import { slugify } from '../../src/model/core/tools/slugify.ts';
import { keywordDensity } from '../../src/model/core/tools/keyword-density.ts';
import { SERP_DESCRIPTION, SERP_TITLE, serpFit, serpPixelWidth } from '../../src/model/core/tools/serp-pixel-width.ts';
import { buildJsonLd, parseIsoDate } from '../../src/model/core/tools/json-ld.ts';

describe('word counter', () => {
  it('counts hyphenated words and URLs once and ignores lone dashes', () => {
    expect(countWords('A long-form guide — see https://example.com/a-b now.')).toBe(6);
  });
  it('counts sentences, not decimal points, and paragraphs by blank lines', () => {
    const s = textStats('It costs 3.5 dollars. Really? Yes!\n\nSecond paragraph here\n  \nThird');
    expect(s).toMatchObject({ words: 10, sentences: 5, paragraphs: 3 });
  });
  it('counts characters with and without spaces, an emoji once', () => {
    expect(textStats('Hi 👋🏽 é')).toMatchObject({ characters: 6, charactersNoSpaces: 4 });
  });
  it('reads at 238 words a minute, rounded up', () => {
    expect([readingTime(0), readingTime(1), readingTime(238), readingTime(239), readingTime(1000)]).toEqual([0, 1, 1, 2, 5]);
    expect(textStats('word '.repeat(476)).readingMinutes).toBe(2);
  });
});

describe('readability', () => {
  it('counts syllables by English rules', () => {
    expect(['cat', 'reading', 'table', 'makes', 'boxes', 'played', 'wanted', 'syllables', 'long-form'].map(countSyllables)).toEqual([
      1, 2, 2, 1, 2, 1, 2, 3, 2,
    ]);
  });
  it('applies the Flesch formulas', () => {
    const r = fleschReadingEase('The cat sat on the mat. The dog ran.')!;
    // 9 words, 2 sentences, 9 syllables: 206.835 - 1.015*4.5 - 84.6*1 = 117.7; 0.39*4.5 + 11.8 - 15.59 = -2.0
    expect(r).toMatchObject({ words: 9, sentences: 2, syllables: 9, readingEase: 117.7, gradeLevel: -2, band: 'Very easy' });
  });
  it('has no score for empty text', () => expect(fleschReadingEase('  ')).toBeUndefined());
});

describe('slug generator', () => {
  const title = 'Café Guide: 10 Best Espresso Bars in Zürich (2026)';
  it('does what the tool page shows', () => {
    expect(slugify(title)).toBe('cafe-guide-10-best-espresso-bars-in-zurich-2026');
    expect(slugify(title, { removeStopWords: true })).toBe('cafe-guide-10-best-espresso-bars-zurich-2026');
  });
  it('folds ß, æ, ø, turns & into and, drops apostrophes, collapses separators', () => {
    expect(slugify("  Straße & Smørrebrød — Æsir’s  don't!!  ")).toBe('strasse-and-smorrebrod-aesirs-dont');
  });
  it('keeps an all-stop-word title rather than emptying it', () => {
    expect(slugify('To be or not to be', { removeStopWords: true })).toBe('to-be-or-not-to-be');
  });
});

describe('keyword density', () => {
  const text = 'SEO content wins. Good SEO content ranks, and the content is good. Seo content!';
  it('counts the target keyword case-insensitively as count × words ÷ total × 100', () => {
    const r = keywordDensity(text, { keyword: 'SEO Content' });
    expect(r.totalWords).toBe(14);
    expect(r.keyword).toEqual({ phrase: 'seo content', count: 3, density: 42.86 });
  });
  it('lists phrases by frequency, hides stop words from single words, keeps them in phrases', () => {
    const r = keywordDensity(text);
    expect(r.phrases[1][0]).toEqual({ phrase: 'content', count: 4, density: 28.57 });
    expect(r.phrases[1].some((p) => p.phrase === 'the')).toBe(false);
    expect(keywordDensity(text, { hideStopWords: false }).phrases[1].some((p) => p.phrase === 'the')).toBe(true);
    expect(r.phrases[2][0]).toEqual({ phrase: 'seo content', count: 3, density: 42.86 });
  });
  it('does not join words across sentence punctuation', () => {
    expect(keywordDensity('Buy SEO. Content here. Buy SEO. Content', { keyword: 'seo content' }).keyword!.count).toBe(0);
  });
});

describe('SERP pixel width', () => {
  it('measures Arial widths at the SERP font sizes', () => {
    expect(serpPixelWidth('W', 20)).toBe(18.9);
    expect(serpPixelWidth('il', 20)).toBe(8.9);
    expect(serpPixelWidth('Hello world', 20)).toBe(98.9); // (722+556+222+222+556+278+722+556+333+222+556) / 1000 * 20
    expect(serpPixelWidth('é', 14)).toBe(serpPixelWidth('e', 14));
  });
  it('fits a short title and cuts a long one at a whole word with an ellipsis', () => {
    expect(serpFit('Word Counter | Skribra', SERP_TITLE)).toMatchObject({ fits: true, cut: '' });
    const long = serpFit('WWWW '.repeat(10).trim(), SERP_TITLE); // "WWWW " is 81.08 px; a seventh word plus " …" would reach 587.6 px
    expect(long.fits).toBe(false);
    expect(long.width).toBeGreaterThan(580);
    expect(long.shown).toBe('WWWW WWWW WWWW WWWW WWWW WWWW …');
    expect(long.cut).toBe('WWWW WWWW WWWW WWWW');
    expect(SERP_DESCRIPTION).toEqual({ fontSize: 14, limit: 920 });
  });
});

describe('JSON-LD', () => {
  it('builds Article markup with Person authors', () => {
    const r = buildJsonLd({
      type: 'Article',
      headline: 'Hi',
      images: ['https://x.test/a.png'],
      datePublished: '2026-03-14',
      dateModified: '2026-03-15T10:00:00+01:00',
      authors: [{ name: 'Ada', url: 'https://x.test/ada' }],
    });
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Hi',
      image: ['https://x.test/a.png'],
      datePublished: '2026-03-14',
      dateModified: '2026-03-15T10:00:00+01:00',
      author: [{ '@type': 'Person', name: 'Ada', url: 'https://x.test/ada' }],
    });
  });
  it('reports missing fields, relative URLs, zone-less times and modified before published', () => {
    const r = buildJsonLd({
      type: 'Article',
      headline: ' ',
      images: ['/a.png'],
      datePublished: '2026-03-14T10:00',
      dateModified: '2026-02-30',
      authors: [{ name: '', url: 'x' }],
    });
    expect(r.errors.map((e) => e.field)).toEqual([
      'headline',
      'images.0',
      'datePublished',
      'dateModified',
      'authors.0.name',
      'authors.0.url',
    ]);
    const order = buildJsonLd({
      type: 'Article',
      headline: 'H',
      images: ['https://x.test/i.png'],
      datePublished: '2026-03-14',
      dateModified: '2026-03-13',
      authors: [{ name: 'A' }],
    });
    expect(order.errors).toEqual([{ field: 'dateModified', message: 'Date modified is earlier than date published.' }]);
    expect(typeof parseIsoDate('2026-03-14T09:30:00Z')).toBe('number');
  });
  it('builds FAQPage markup and flags empty and duplicate questions', () => {
    const r = buildJsonLd({
      type: 'FAQPage',
      faqs: [
        { question: 'Why?', answer: 'Because <b>so</b>.' },
        { question: 'why? ', answer: '' },
      ],
    });
    expect(r.errors.map((e) => e.message)).toEqual(['The answer to question 2 is empty.', 'Question 2 repeats question 1.']);
    expect((r.data.mainEntity as unknown[])[0]).toEqual({
      '@type': 'Question',
      name: 'Why?',
      acceptedAnswer: { '@type': 'Answer', text: 'Because <b>so</b>.' },
    });
  });
  it('escapes < so a value cannot close the script tag', () => {
    const tag = buildJsonLd({ type: 'FAQPage', faqs: [{ question: '</script><script>alert(1)</script>', answer: 'a' }] }).scriptTag;
    expect(tag.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(tag.replace(/^<script[^>]*>|<\/script>$/g, '')).mainEntity[0].name).toBe('</script><script>alert(1)</script>');
  });
});
