// How the site's scripts search (the search page, src/site/pages/search/_site-search.ts, and the header box,
// site-search-box.ts): the build's full-text index (Pagefind, written to /pagefind/ by
// src/build-time/write-search-index.ts), which the browser loads in chunks, only the parts a query needs; or, without
// it (SKRIBRA_SEARCH_INDEX=0, the dev server, or it fails to load), /api/v1/search over titles and descriptions.
// The index's runtime loads once per page, on the first call that needs it, whichever script asks first. A full-text
// hit is the passage that matched: of the page's sections (Pagefind's sub-results, one per heading with an id, which
// rehype-slug gives every markdown heading), the one with the most matched words, its excerpt, and a link to its
// heading (/docs/webhooks/#verify-the-signature). Text goes into the page with textContent, never as HTML: only an
// excerpt is read as Pagefind's markup, and only its <mark> tags become elements, around text nodes.
import { kindLabel } from './kind-label.ts';

export interface Hit {
  /** The page. */
  path: string;
  /** Where the hit links: the page, or the heading of the section that matched (`/docs/webhooks/#verify-the-signature`). */
  href: string;
  title: string;
  /** The heading of the section that matched, when it is not the page's top. */
  section?: string;
  /** The matched passage, with `<mark>` around matched words (full text), or the page's description (API). */
  excerpt: string;
  marked: boolean;
  kind: string;
}

export interface Found {
  /** Every match, of which `hits` are the first. */
  total: number;
  hits: Hit[];
  /** Whether the full-text index answered (else the API did). */
  fullText: boolean;
}

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  /** The heading the section starts at; none for the text before the first heading. */
  anchor?: { id: string };
  locations: number[];
  /** Pagefind's score of each matched word (headings weigh more). */
  weighted_locations?: { balanced_score: number }[];
}
interface PagefindResult {
  data: () => Promise<{
    url: string;
    excerpt: string;
    meta: { title?: string };
    filters: { kind?: string[] };
    sub_results?: PagefindSubResult[];
  }>;
}
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  /** Loads the WebAssembly and the index's metadata before a first search needs them. */
  init: () => Promise<void>;
  search: (q: string, o?: { filters?: Record<string, string> }) => Promise<{ results: PagefindResult[] } | null>;
}

/** Words around the matched ones in an excerpt. */
const EXCERPT_WORDS = 24;

const loaded = new Map<string, Promise<Pagefind | undefined>>();
/** The index's runtime at `dir` (`/pagefind/`), loaded once per page; undefined when it cannot load. */
function pagefindAt(dir: string): Promise<Pagefind | undefined> {
  let pf = loaded.get(dir);
  if (!pf) {
    pf = import(/* @vite-ignore */ `${dir}pagefind.js`)
      .then(async (p: Pagefind) => {
        await p.options({ excerptLength: EXCERPT_WORDS });
        return p;
      })
      .catch(() => undefined);
    loaded.set(dir, pf);
  }
  return pf;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Text with HTML's character references decoded (named ones Pagefind writes, and numeric ones). */
const decode = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (ref, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? ref;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });

/** A hit's excerpt as nodes: Pagefind's is escaped text with <mark> tags; the API's description is plain text. */
export function excerptNodes(hit: Hit): Node[] {
  if (!hit.marked) return [document.createTextNode(hit.excerpt)];
  return hit.excerpt.split(/(<mark>[\s\S]*?<\/mark>)/).map((part) => {
    const marked = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
    if (!marked) return document.createTextNode(decode(part));
    const mark = document.createElement('mark');
    mark.textContent = decode(marked[1]!);
    return mark;
  });
}

/** How many different words its excerpt marks (the first word of each mark, lower case): "Webhook" twice is one. */
const distinctMarks = (excerpt: string) =>
  new Set([...excerpt.matchAll(/<mark>([\s\S]*?)<\/mark>/g)].map((m) => /[\p{L}\p{N}]+/u.exec(m[1]!.toLowerCase())?.[0])).size;
/** Pagefind's own score of a section's matches. */
const scoreOf = (sub: PagefindSubResult) => sub.weighted_locations?.reduce((sum, w) => sum + w.balanced_score, 0) ?? sub.locations.length;

/**
 * The section that answers the query best, if Pagefind split the page into any: the one whose passage matches the
 * most different words of it ("webhook signature": the section on signatures, not the one repeating "webhook" in
 * code), then Pagefind's score; the first of equals.
 */
function bestSection(subs: readonly PagefindSubResult[] | undefined): PagefindSubResult | undefined {
  let best: { sub: PagefindSubResult; words: number; score: number } | undefined;
  for (const sub of subs ?? []) {
    const words = distinctMarks(sub.excerpt);
    const score = scoreOf(sub);
    if (!best || words > best.words || (words === best.words && score > best.score)) best = { sub, words, score };
  }
  return best?.sub;
}

/** A full-text result as a hit: the page, and the passage of its best section. */
function hitOf(d: Awaited<ReturnType<PagefindResult['data']>>): Hit {
  const title = d.meta.title ?? d.url;
  const best = bestSection(d.sub_results);
  const kind = d.filters.kind?.[0] ?? '';
  if (!best) return { path: d.url, href: d.url, title, excerpt: d.excerpt, marked: true, kind };
  // A section's link is the page's own address plus its heading's id: never another page, whatever the index says.
  const href = best.anchor && best.url.startsWith(`${d.url}#`) ? `${d.url}#${encodeURIComponent(best.anchor.id)}` : d.url;
  const section = best.anchor && best.title !== title ? best.title : undefined;
  return { path: d.url, href, title, ...(section ? { section } : {}), excerpt: best.excerpt, marked: true, kind };
}

export interface SiteSearch {
  /** Starts loading the index's runtime (on a first focus), so the first search waits less. */
  warm: () => void;
  /** The first `shown` pages matching `q` (2 characters or more), narrowed to `kind` (a kind label) when given. */
  search: (q: string, options: { kind?: string; shown: number; signal?: AbortSignal }) => Promise<Found>;
}

/** Searches through the index at `index` (a folder URL, or undefined when the build wrote none), else `api`. */
export function siteSearch({ index, api }: { index: string | undefined; api: string }): SiteSearch {
  const fullText = () => (index ? pagefindAt(index) : Promise.resolve(undefined));

  const searchIndex = async (pf: Pagefind, q: string, kind: string | undefined, shown: number): Promise<Found> => {
    const found = await pf.search(q, kind ? { filters: { kind } } : {});
    const results = found?.results ?? [];
    const hits = await Promise.all(results.slice(0, shown).map(async (r) => hitOf(await r.data())));
    return { total: results.length, hits, fullText: true };
  };

  const searchApi = async (q: string, kind: string | undefined, shown: number, signal?: AbortSignal): Promise<Found> => {
    const res = await fetch(`${api}?${new URLSearchParams({ q, limit: '100' })}`, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { data } = (await res.json()) as { data: { items: { path: string; title: string; description: string; kind: string }[] } };
    const items = data.items
      .map((d) => ({ path: d.path, href: d.path, title: d.title, excerpt: d.description, marked: false, kind: kindLabel(d.kind) }))
      .filter((d) => !kind || d.kind === kind);
    return { total: items.length, hits: items.slice(0, shown), fullText: false };
  };

  return {
    warm: () => void fullText().then((pf) => pf?.init().catch(() => undefined)),
    search: async (q, { kind, shown, signal }) => {
      const pf = await fullText();
      return pf ? searchIndex(pf, q, kind, shown) : searchApi(q, kind, shown, signal);
    },
  };
}
