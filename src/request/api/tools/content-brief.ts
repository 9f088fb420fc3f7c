// Content Brief Builder: which of the site's own glossary terms and pages a pasted draft or topic touches.
// Everything comes from the build's Catalog; nothing outside the service is asked.
import MiniSearch from 'minisearch';
import { normalise } from '../../../model/core/search.ts';
import { STOP_WORDS } from '../../../model/core/tools/stop-words.ts';
import type { Catalog } from '../../../model/catalog/catalog.ts';

interface BriefDoc {
  id: string;
  kind: string;
  title: string;
  body: string;
}

export interface BriefTerm {
  slug: string;
  title: string;
  definition: string;
  url: string;
  score: number;
  mentioned: boolean;
}
export interface BriefLink {
  title: string;
  description: string;
  kind: string;
  url: string;
  score: number;
}
export interface ContentBrief {
  words: number;
  keywords: string[];
  related_terms: BriefTerm[];
  internal_links: BriefLink[];
}

/** "redirects" -> "redirect", "pages" -> "page": enough for prefix matching to find both forms. */
const stem = (t: string) => (t.length > 3 && t.endsWith('s') && !/(?:ss|us|is)$/.test(t) ? t.slice(0, -1) : t);
const tokens = (text: string) => normalise(text).match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

/**
 * Indexes every glossary term with its definition, summary, key points and section headings, and every other page
 * with its title and description: richer than the public search index, and small enough to build once per process.
 */
export function createContentBrief(catalog: Catalog, { exclude = ['/tools/content-brief-builder/'] } = {}) {
  const termByPath = new Map(catalog.terms.map((t) => [new URL(t.url).pathname, t]));
  const docs: BriefDoc[] = catalog.pages
    .filter((p) => !exclude.includes(p.path))
    .map((p) => {
      const term = termByPath.get(p.path);
      const body = term
        ? [term.definition, term.tldr, ...(term.key_points ?? []), ...(term.sections ?? []).map((s) => s.heading)].filter(Boolean).join(' ')
        : p.description;
      return { id: p.path, kind: p.kind, title: p.title, body };
    });
  const index = new MiniSearch<BriefDoc>({
    fields: ['title', 'body'],
    storeFields: ['kind', 'title'],
    tokenize: (text) =>
      tokens(text)
        .flatMap((t) => [t, ...t.split(/['’-]/)])
        .map(stem),
    processTerm: (t) => (t.length > 1 && !STOP_WORDS.has(t) ? t : null),
  });
  index.addAll(docs);
  const pageByPath = new Map(catalog.pages.map((p) => [p.path, p]));
  const phrases = docs.map((d) => ({
    id: d.id,
    phrase: ` ${tokens(d.title.replace(/\(.*?\)/g, ''))
      .map(stem)
      .join(' ')} `,
  }));

  return function contentBrief(text: string, { terms = 12, links = 8 } = {}): ContentBrief {
    const words = tokens(text);
    const counts = new Map<string, number>();
    for (const w of words.map(stem)) if (w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    // The 40 most frequent content words stand for a long draft; each weighs by how often the draft uses it.
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40);
    const weight = new Map(top.map(([w, c]) => [w, 1 + Math.log(c)]));
    const flat = ` ${words.map(stem).join(' ')} `;
    const mentioned = new Set(phrases.filter((p) => p.phrase.trim() && flat.includes(p.phrase)).map((p) => p.id));
    const hits = top.length
      ? index.search(top.map(([w]) => w).join(' '), {
          combineWith: 'OR',
          prefix: (t) => t.length >= 5,
          boost: { title: 3 },
          boostTerm: (t) => weight.get(t) ?? 1,
        })
      : [];
    const scored = new Map<string, number>(hits.map((h) => [String(h.id), h.score]));
    // A page whose whole title appears in the text is about what the draft is about, whatever the word counts say.
    const best = Math.max(1, ...scored.values());
    for (const id of mentioned) scored.set(id, (scored.get(id) ?? 0) + best);
    const ranked = [...scored]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([path, score]) => ({ page: pageByPath.get(path)!, score: Math.round((score / (best * 2)) * 1000) / 1000 }));
    return {
      words: words.length,
      keywords: top.slice(0, 10).map(([w]) => w),
      related_terms: ranked
        .filter((r) => r.page.kind === 'glossary')
        .slice(0, terms)
        .map(({ page, score }) => {
          const term = termByPath.get(page.path)!;
          return {
            slug: term.slug,
            title: term.title,
            definition: term.definition,
            url: term.url,
            score,
            mentioned: mentioned.has(page.path),
          };
        }),
      internal_links: ranked
        .filter((r) => r.page.kind !== 'glossary')
        .slice(0, links)
        .map(({ page, score }) => ({ title: page.title, description: page.description, kind: page.kind, url: page.url, score })),
    };
  };
}
