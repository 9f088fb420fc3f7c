import { describe, expect, it } from 'vitest';
import { GlossaryTermInput, oneSentenceProblem } from '../../src/model/schemas/glossary.ts';
import { didYouMean, editDistance } from '../../src/model/catalog/did-you-mean.ts';

describe('the one-sentence rule for a glossary definition', () => {
  it.each([
    'A canonical URL is the preferred address of a page.',
    'Crawl budget is how many pages a crawler fetches, e.g. per day, from one site.',
    'A redirect sends visitors elsewhere, i.e. to the new URL, with a 301 or 302.',
    'Keyword density is the share of words that are the keyword, often kept below 2.5 percent.',
    'Skribra vs. Copyvane compares two writing tools, their prices, models etc. in one table.',
    'Local SEO helps a business in the U.S. Midwest rank for nearby searches.',
    'Structured data is markup (schema.org vocabulary) that describes a page.',
    'A JSON-LD block is "machine-readable" markup inside a script tag.',
    'Is this a question that ends the definition?',
  ])('accepts %s', (text) => {
    expect(oneSentenceProblem(text)).toBeUndefined();
  });

  it.each([
    [
      'A backlink is a link from another site. Search engines count them.',
      'must be one sentence (a second one starts "Search engines count them.")',
    ],
    ['Noindex keeps a page out of the index! It is a meta tag.', 'must be one sentence (a second one starts "It is a meta tag.")'],
    ['Is it one? No, it is two.', 'must be one sentence (a second one starts "No, it is two.")'],
    [
      'A canonical URL is the preferred address.  "Duplicates" point at it.',
      'must be one sentence (a second one starts ""Duplicates" point at it.")',
    ],
    ['A definition without a full stop', 'must be one sentence ending with a full stop'],
    ['A definition on\ntwo lines.', 'must be one sentence on one line'],
    [
      'Core Web Vitals are three metrics. 2 of them measure speed and the third one layout stability.',
      'must be one sentence (a second one starts "2 of them measure speed and th...")',
    ],
  ])('refuses %s', (text, problem) => {
    expect(oneSentenceProblem(text)).toBe(problem);
  });

  it('is what the schema says about the definition field', () => {
    const r = GlossaryTermInput.shape.definition.safeParse('One sentence here. Two sentences here.');
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('must be one sentence (a second one starts "Two sentences here.")');
  });
});

describe('did you mean', () => {
  it('counts edits, with a swap of neighbours as one', () => {
    expect(editDistance('xml-sitemapp', 'xml-sitemap')).toBe(1);
    expect(editDistance('sitmeap', 'sitemap')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
  });

  it('suggests the closest name when it is close enough to be a typo, else nothing', () => {
    expect(didYouMean('xml-sitemapp', ['xml-sitemap', 'robots-txt'])).toBe('"xml-sitemap"');
    expect(didYouMean('technical-seoo', ['on-page-seo', 'technical-seo'])).toBe('"technical-seo"');
    expect(didYouMean('xml-sitemapp', ['xml-sitemap'], (s) => `[[${s}]]`)).toBe('[[xml-sitemap]]');
    expect(didYouMean('pricing', ['xml-sitemap', 'robots-txt'])).toBeUndefined();
    expect(didYouMean('anything', [])).toBeUndefined();
  });
});
