import { describe, expect, it } from 'vitest';
import { referenceText, midSentence, isProperName } from '../../src/model/markdown/reference-text.ts';

describe('referenceText', () => {
  it.each([
    ['Click-through rate (CTR)', 'when the ', 'click-through rate (CTR)'],
    ['Canonical URL', 'from ', 'canonical URL'],
    ['Backlink', 'a ', 'backlink'],
    ['Digital PR', 'and ', 'digital PR'],
    ['Hreflang', 'set ', 'hreflang'],
  ])('lowers %s mid-sentence', (title, before, text) => expect(referenceText(title, before)).toBe(text));

  it.each([
    ['Google Search Console', 'your '],
    ['Core Web Vitals', 'pass the '],
    ['AI Overviews', 'quoted in '],
    ['JavaScript SEO', 'on '],
    ['E-E-A-T', 'shows '],
    ['SERP (search engine results page)', 'the '],
    ['301 redirect', 'a '],
    ['llms.txt', 'an '],
  ])('keeps %s as written', (title, before) => expect(referenceText(title, before)).toBe(title));

  it.each([
    ['', false],
    ['First line.\n', false],
    ['- ', false],
    ['1. ', false],
    ['## ', false],
    ['| a | ', false],
    ['**', false],
    ['It ranks. ', false],
    ['Why? ', false],
    ['Read this: ', false],
    ['- **', false],
    ['see ', true],
    ['links, ', true],
    ['(', true],
    ['the **', true],
  ])('midSentence(%j) is %s', (before, mid) => expect(midSentence(before)).toBe(mid));

  it('knows proper names from their capitals', () => {
    expect(isProperName('Google Business Profile')).toBe(true);
    expect(isProperName('Local pack')).toBe(false);
    expect(isProperName('Retrieval-augmented generation (RAG)')).toBe(false);
  });
});
