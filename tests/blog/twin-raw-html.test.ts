// The blog's markdown (content_markdown, the article's .md twin, the index twin and its lines in llms.txt) with
// hostile titles, excerpts, alt texts, link texts, titles and destinations, headings, table cells and author names:
// a CommonMark (+ GFM) parser finds no raw HTML in it (an `html` node), only the `<br>` we put in a table cell, and the
// title, excerpt and alt text read back as the characters the agent wrote.
import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { articleTwin, indexTwin } from '../../src/request/blog/blog-twins.ts';
import { blogIndexPages } from '../../src/request/blog/blog-index.ts';
import { escapeHtml } from '../../src/request/blog/escape.ts';
import { BLOG_ARTICLE } from '../../src/request/blog/public-article.ts';
import { llmsTxt } from '../../src/request/machine/llms-txt.ts';
import { HOSTILE_CASES } from '../helpers/hostile-values.ts';
import { articleRow, SITE } from './article-row.ts';
import { catalog } from './helpers.ts';

/** CommonMark with GFM, as most renderers read a twin. */
const parse = (md: string): Root => unified().use(remarkParse).use(remarkGfm).parse(md);
/** CommonMark alone, for reading text back: GFM's autolink literals take a backslash escape after a URL into it. */
const parseCommonMark = (md: string): Root => unified().use(remarkParse).parse(md);

/** Every node of a tree, depth first. */
function nodesOf(node: Nodes): Nodes[] {
  return [node, ...('children' in node ? (node.children as Nodes[]).flatMap(nodesOf) : [])];
}
/** The raw HTML a renderer would pass through; `<br>` is the line break we write inside a GFM table cell. */
const rawHtml = (md: string) => [parse(md), parseCommonMark(md)].flatMap(nodesOf).filter((n) => n.type === 'html' && n.value !== '<br>');
/** The text of a node as a reader sees it. */
const textOf = (n: Nodes): string =>
  nodesOf(n)
    .map((x) => (x.type === 'text' || x.type === 'inlineCode' ? x.value : ''))
    .join('');
/** What an HTML or markdown parser leaves of a one-line value: NUL as U+FFFD, whitespace runs as one space, trimmed. */
const asRead = (s: string) => s.replaceAll('\u0000', '\ufffd').replace(/\s+/g, ' ').trim();

let n = 0;
/** The public article (and its related one) from a stored row, as the API and the twins have it. */
function article(v: Record<'title' | 'excerpt' | 'alt' | 'text' | 'name' | 'related', string>, html: string) {
  const stamp = ++n; // the converted body is kept by id and updated_at: each case is a new article
  const related = BLOG_ARTICLE.toArticleSummary(articleRow({ id: `art_rel_${stamp}`, slug: `related-${stamp}`, title: v.related }), SITE);
  const row = articleRow({
    id: `art_${stamp}`,
    slug: `post-${stamp}`,
    title: v.title,
    excerpt: v.excerpt,
    content_html: html,
    author: { name: v.name, url: `https://jane.example/${v.text}` },
    related_articles: [{ slug: related.slug, title: v.related }],
  });
  return { full: BLOG_ARTICLE.toPublicArticle(row, [related], SITE), summary: BLOG_ARTICLE.toArticleSummary(row, SITE) };
}

const ALT = '<b title="x" onmouseover="alert(1)">';

describe('50.5: no raw HTML in a twin', () => {
  it('50.5: an image whose alt text is a tag gives markdown with the tag as alt text, not HTML', () => {
    const { full } = article(
      { title: 'Alt', excerpt: 'E', alt: ALT, text: 't', name: 'Jane', related: 'R' },
      `<p><img src="https://images.example/a.png" alt='${ALT}'></p>`,
    );
    expect(full.content_markdown).toBe('![\\<b title="x" onmouseover="alert(1)"\\>](https://images.example/a.png)\n');
    for (const md of [full.content_markdown, articleTwin(full)]) {
      expect(rawHtml(md)).toEqual([]);
      const img = nodesOf(parse(md)).find((x) => x.type === 'image');
      expect(img).toMatchObject({ type: 'image', alt: ALT, url: 'https://images.example/a.png' });
    }
  });

  it('50.5: a title, excerpt, author, link title and destination that hold tags stay text', () => {
    const { full, summary } = article(
      { title: '<img src=x onerror=alert(1)>', excerpt: '&lt;b&gt; <i>x</i>', alt: 'a', text: '<b>', name: '<u>Jane</u>', related: '<s>' },
      '<p><a href="https://x.example/a b<b onmouseover=alert(1)>" title="t\\&quot; <b onmouseover=1>">link</a></p>',
    );
    for (const md of [
      full.content_markdown,
      articleTwin(full),
      ...blogIndexPages([full]).map((p) => indexTwin(SITE, p)),
      llmsTxt(catalog(), [summary]),
    ])
      expect(rawHtml(md)).toEqual([]);
    const h1 = nodesOf(parse(articleTwin(full))).find((x) => x.type === 'heading')!;
    expect(textOf(h1)).toBe('<img src=x onerror=alert(1)>');
    expect(articleTwin(full)).toContain('\n\n&lt;b&gt; <i>x</i>\n\n'.replace(/[<>]|&(?=lt;|gt;)/g, '\\$&'));
  });

  it('50.5: any hostile title, excerpt, alt, link, heading, cell, code and name: no raw HTML, the text kept as written', () => {
    const text = fc
      .oneof(
        fc.constantFrom(...HOSTILE_CASES, ALT, '<!-- x -->', '<?php ?>', '<![CDATA[x]]>', '</p>', '&amp;', '&#60;b&#62;', '<http://x>'),
        fc.string({ unit: fc.constantFrom(...'<>&"\'/=!#*_`~[]()\\|-+. ab1\n\t\r'), maxLength: 40 }),
        fc.string({ maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      )
      .map((s) => s.slice(0, 200))
      .filter((s) => s.trim() !== '');
    const values = fc.record({ title: text, excerpt: text, alt: text, text, name: text, related: text, raw: text });
    fc.assert(
      fc.property(values, (v) => {
        const e = escapeHtml;
        const html = [
          `<p>${e(v.related)}</p>`,
          `<h2>${e(v.text)}</h2>`,
          `<p>${e(v.excerpt)} <a href="https://x.example/${e(v.text)}" title="${e(v.alt)}">${e(v.title)}</a> <code>${e(v.raw)}</code></p>`,
          `<p><img src="https://images.example/${e(v.text)}.png" alt="${e(v.alt)}" title="${e(v.name)}"></p>`,
          `<table><thead><tr><th>${e(v.name)}</th></tr></thead><tbody><tr><td><p>${e(v.alt)}</p><p>${e(v.raw)}</p></td></tr></tbody></table>`,
          `<pre><code>${e(v.raw)}</code></pre>`,
          `<div>${v.raw}</div>`,
        ].join('');
        const { full, summary } = article(v, html);
        const twins = [...blogIndexPages([full]).map((p) => indexTwin(SITE, p))];
        for (const md of [full.content_markdown, articleTwin(full), ...twins, llmsTxt(catalog(), [summary])])
          expect(rawHtml(md), md).toEqual([]);
        // Body text reads back as written, as the title and the alt text do.
        // (An HTML parser drops U+0000 from text, an empty paragraph goes, only ASCII white space collapses; the ends trimmed.)
        const paragraph = v.related
          .replaceAll('\u0000', '')
          .replace(/[ \t\n\r]+/g, ' ')
          .trim();
        if (paragraph) expect(textOf(parseCommonMark(full.content_markdown).children[0]!).trim()).toBe(paragraph);
        const tree = parseCommonMark(articleTwin(full));
        const h1 = nodesOf(tree).find((x) => x.type === 'heading' && x.depth === 1)!;
        expect(textOf(h1)).toBe(asRead(v.title));
        const img = nodesOf(tree).find((x) => x.type === 'image');
        if (img?.type === 'image') expect(img.alt).toBe(asRead(v.alt));
        expect(img).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});
