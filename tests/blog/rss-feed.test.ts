// The blog's RSS feed with hostile titles, excerpts and types: it parses as XML, each title decodes to the title, and
// each description (HTML to a feed reader once entity-decoded) parses as HTML into text alone, the excerpt's own.
import fc from 'fast-check';
import rehypeParse from 'rehype-parse';
import sax from 'sax';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLE } from '../../src/request/blog/public-article.ts';
import { rssXml } from '../../src/request/blog/rss-xml.ts';
import { HOSTILE_CASES } from '../helpers/hostile-values.ts';
import { articleRow, SITE } from './article-row.ts';

interface Item {
  title?: string;
  description?: string;
  category?: string;
}

/** The feed's items as an XML parser reads them (strict: a feed that is not well-formed XML throws). */
function itemsOf(xml: string): Item[] {
  const parser = sax.parser(true);
  const items: Item[] = [];
  const open: string[] = [];
  parser.onerror = (err) => {
    throw err;
  };
  parser.onopentag = (tag) => {
    open.push(tag.name);
    if (tag.name === 'item') items.push({});
  };
  parser.onclosetag = () => void open.pop();
  const onText = (text: string) => {
    const [parent, name] = open.slice(-2);
    if (parent !== 'item') return;
    const item = items.at(-1)! as Record<string, string>;
    item[name!] = (item[name!] ?? '') + text;
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.write(xml).close();
  return items;
}

/** An HTML fragment's nodes that are not text (elements, comments, doctypes), and its text. */
function htmlOf(fragment: string): { nodes: string[]; text: string } {
  const tree = unified().use(rehypeParse, { fragment: true }).parse(fragment);
  const nodes = tree.children.filter((n) => n.type !== 'text').map((n) => n.type);
  const text = tree.children.map((n) => (n.type === 'text' ? n.value : '')).join('');
  return { nodes, text };
}

/** Every character XML 1.0 allows; anything else makes the document unreadable. */
const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
/** What a value reads as once through an XML (or HTML) parser: line breaks normalised, no character XML forbids. */
const asRead = (s: string) =>
  s
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls XML 1.0 cannot carry
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd');

const feedOf = (articles: { title: string; excerpt: string; type?: string }[]) =>
  rssXml(
    SITE,
    articles.map((a, i) => BLOG_ARTICLE.toArticleSummary(articleRow({ slug: `post-${i}`, ...a }), SITE)),
  );

const PAYLOAD = '<img src=x onerror="alert(1)"> &lt;b&gt; ]]> <!-- c --> &amp; <script>alert(2)</script>';

describe('50.6: the RSS feed', () => {
  it('50.6: an excerpt with an element reaches a reader as text, the title as its characters', () => {
    const xml = feedOf([{ title: 'A <b>bold</b> & "quoted" title', excerpt: PAYLOAD }]);
    expect(xml).toContain('<description>&amp;lt;img src=x onerror=&amp;quot;alert(1)&amp;quot;&amp;gt; &amp;amp;lt;b');
    const [item] = itemsOf(xml);
    expect(item!.title).toBe('A <b>bold</b> & "quoted" title');
    expect(item!.description).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp;lt;b&amp;gt; ]]&gt; &lt;!-- c --&gt; &amp;amp; &lt;script&gt;alert(2)&lt;/script&gt;',
    );
    expect(htmlOf(item!.description!)).toEqual({ nodes: [], text: PAYLOAD });
  });

  it('50.6: any hostile title, excerpt or type: well-formed XML, text-only descriptions', () => {
    const text = fc
      .oneof(
        fc.constantFrom(...HOSTILE_CASES, PAYLOAD, ']]>', '<![CDATA[x]]>', '&#0;', '\u0001\u001b\uffff', '\ud800'),
        fc.string({ unit: fc.constantFrom(...'<>&"\'/=![]-; ab\r\n\t\u0000\u0008\u000b\u000c\u001b'), maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 30 }),
      )
      .filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(fc.record({ title: text, excerpt: text, type: text }), { minLength: 1, maxLength: 4 }), (articles) => {
        const xml = feedOf(articles);
        expect(xml).toMatch(XML_CHARS);
        const items = itemsOf(xml);
        expect(items).toHaveLength(articles.length);
        items.forEach((item, i) => {
          // sax keeps a CR that a conformant XML parser reads as a line feed: compared as a conformant one reads it.
          expect(asRead(item.title!)).toBe(asRead(articles[i]!.title));
          expect(asRead(item.category!)).toBe(asRead(articles[i]!.type!));
          const html = htmlOf(item.description!);
          expect(html.nodes).toEqual([]);
          // The HTML parser reads U+0000 as U+FFFD too; what a reader shows is the excerpt's own text.
          expect(html.text).toBe(asRead(articles[i]!.excerpt));
        });
      }),
      { numRuns: 300 },
    );
  });
});
