// Copy mistakes as patterns over the whole built site, so a new page or term cannot bring one back: a word repeated
// across a cross-reference ("your Google Google Search Console"), glossary titles in mixed case, agent titles that do
// not read as a sentence, cross-references in Title Case mid-sentence, and the legal pages a real site links.
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import type { Catalog } from '../../src/model/catalog/catalog.ts';
import { builtCatalog } from '../helpers/built-catalog.ts';
import { isProperName } from '../../src/model/markdown/reference-text.ts';
import { htmlPaths, readPage } from './html-pages.ts';

let dist: string;
let site: string;
let catalog: Catalog;
let pages: [string, string][];
beforeAll(async () => {
  ({ distDir: dist, siteUrl: site } = await builtSite());
  catalog = builtCatalog(dist);
  pages = htmlPaths(dist).map((p) => [p, readPage(dist, p)]);
});
const glossaryLinks = (html: string) =>
  [
    ...html.matchAll(
      new RegExp(`([^<>]{0,40})<a href="${site.replace(/[.:/]/g, '\\$&')}/glossary/([a-z0-9-]+)/">([^<]+)</a>(\\s*\\w*)`, 'g'),
    ),
  ].map((m) => ({ before: m[1]!, slug: m[2]!, text: m[3]!, after: m[4]! }));

describe('copy patterns', () => {
  it('no word is repeated across a cross-reference link', () => {
    const repeats: string[] = [];
    for (const [path, html] of pages) {
      for (const l of glossaryLinks(html)) {
        const prev = /(\w+)\s*$/.exec(l.before)?.[1]?.toLowerCase();
        const first = /^\W*(\w+)/.exec(l.text)?.[1]?.toLowerCase();
        const last = /(\w+)\W*$/.exec(l.text)?.[1]?.toLowerCase();
        const next = /^\s*(\w+)/.exec(l.after)?.[1]?.toLowerCase();
        if ((prev && prev === first) || (next && next === last)) repeats.push(`${path}: …${l.before.slice(-20)}[${l.text}]${l.after}`);
      }
    }
    expect(repeats).toEqual([]);
  });

  it('glossary titles are sentence case: later words are capitalised only in proper names and acronyms', () => {
    const names = ['Google Search Console', 'Google Business Profile', 'Core Web Vitals', 'AI Overviews'];
    const wrong = catalog.terms.filter(
      (t) =>
        !names.includes(t.title) &&
        t.title
          .split(/\s+/)
          .slice(1)
          .some((w) => /^[A-Z][a-z]/.test(w)),
    );
    expect(wrong.map((t) => t.title)).toEqual([]);
    for (const n of names) expect(isProperName(n)).toBe(true);
  });

  it('agent titles read as a sentence: "Name, the AI agent that <verb phrase>"', () => {
    for (const agent of catalog.agents) {
      const title = /<title>([^<]+)<\/title>/.exec(readPage(dist, new URL(agent.url).pathname))![1]!;
      const phrase = agent.tagline.replace(/\.$/, '');
      expect(title).toBe(`${agent.name}, the AI agent that ${phrase[0]!.toLowerCase()}${phrase.slice(1)} | Skribra`);
      expect(title).toMatch(/^\w+, the AI agent that [a-z]+s\b/); // taglines start with a verb: "Writes", "Finds"
    }
  });

  // src/model/markdown/resolve-references.ts lowers a cross-reference mid-sentence (via referenceText); this holds the
  // built site to it.
  it('cross-references mid-sentence are not in Title Case', () => {
    const titles = new Map(catalog.terms.map((t) => [t.slug, t.title]));
    const wrong: string[] = [];
    for (const [path, html] of pages) {
      for (const l of glossaryLinks(html)) {
        const title = titles.get(l.slug);
        const midSentence = /[a-z,]\s$/.test(l.before);
        if (title && l.text === title && midSentence && !isProperName(title) && /^[A-Z]/.test(title))
          wrong.push(`${path}: …${l.before.slice(-15)}[${l.text}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('/privacy/ and /terms/ are real pages, linked from the footer of every page', () => {
    for (const path of ['/privacy/', '/terms/']) expect(catalog.pages.find((p) => p.path === path)?.kind, path).toBe('page');
    for (const [path, html] of pages) {
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
      expect(footer, path).toContain('href="/privacy/"');
      expect(footer, path).toContain('href="/terms/"');
    }
  });
});
