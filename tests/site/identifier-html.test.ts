import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { identifierHtml, referenceHeadings, type RefOperation } from '../../src/site/components/docs/api-reference.ts';

describe('identifierHtml', () => {
  it('offers a line break only after . _ / and |, and keeps a hyphenated word whole', () => {
    expect(identifierHtml('data.content_html')).toBe('data.<wbr>content_<wbr>html');
    expect(identifierHtml('/api/v1/glossary/{slug}')).toBe('/<wbr>api/<wbr>v1/<wbr>glossary/<wbr>{slug}');
    expect(identifierHtml('string (date-time)')).toBe('string <span class="nowrap">(date-time)</span>');
    expect(identifierHtml('"a" | "b"')).toBe('"a" | "b"');
  });

  it('escapes markup, and its text is the identifier', () => {
    expect(identifierHtml('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const text = identifierHtml(s)
          .replace(/<[^>]*>/g, '')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&amp;', '&');
        expect(text).toBe(s);
      }),
    );
  });
});

describe('referenceHeadings', () => {
  it('lists each tag, then its operations by summary, with the ids the reference gives them', () => {
    const op = (id: string, summary: string) =>
      ({
        id,
        summary,
        method: 'GET',
        path: '/x',
        description: '',
        auth: false,
        params: [],
        fields: [],
        errors: [],
        curl: '',
        tag: 'T',
      }) as RefOperation & { tag: string };
    expect(
      referenceHeadings([{ tag: 'Site pages', description: undefined, operations: [op('listPages', 'List pages'), op('getX', '')] }]),
    ).toEqual([
      { depth: 2, id: 'tag-site-pages', text: 'Site pages' },
      { depth: 3, id: 'op-listpages', text: 'List pages' },
      { depth: 3, id: 'op-getx', text: 'GET /x' },
    ]);
  });
});
