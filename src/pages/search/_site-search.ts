// The search page's script. With the site's full-text index (Pagefind, written by the build to /pagefind/; the form's
// data-index names it) it searches the words of every page: the browser loads the index in chunks, only the parts a
// query needs, and each result's excerpt comes with the matched words marked. Without the index (switched off with
// SKRIBRA_SEARCH_INDEX=0, the dev server, or it fails to load) it asks /api/v1/search, titles and descriptions. The
// kind filter narrows either. ?q= and ?kind= stay in the address bar so a result list can be shared. Text is set with
// textContent, never as HTML; an excerpt's marks become <mark> elements around text nodes.
import { kindLabel } from '../../components/kind-label.ts';

/** Results shown at once; the status line gives the full count. */
const SHOWN = 20;
/** Pause after a keystroke before searching: a fast typist searches once per pause, not once per letter. */
const DEBOUNCE_MS = 120;

interface Hit {
  path: string;
  title: string;
  /** The matched passage, with `<mark>` around matched words (full text), or the page's description (API). */
  excerpt: string;
  marked: boolean;
  kind: string;
}

interface PagefindResult {
  data: () => Promise<{ url: string; excerpt: string; meta: { title?: string }; filters: { kind?: string[] } }>;
}
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  search: (q: string, o?: { filters?: Record<string, string> }) => Promise<{ results: PagefindResult[] } | null>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Text with HTML's character references decoded (named ones Pagefind writes, and numeric ones). */
const decode = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (ref, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? ref;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
  });

/** The excerpt's text and marks as nodes: Pagefind's excerpt is escaped text with <mark> tags. */
function excerptNodes(excerpt: string): Node[] {
  return excerpt.split(/(<mark>[\s\S]*?<\/mark>)/).map((part) => {
    const marked = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
    if (!marked) return document.createTextNode(decode(part));
    const mark = document.createElement('mark');
    mark.textContent = decode(marked[1]!);
    return mark;
  });
}

export function startSiteSearch(): void {
  const form = document.getElementById('search-page-form') as HTMLFormElement;
  const input = document.getElementById('search-q') as HTMLInputElement;
  const kindSelect = document.getElementById('search-kind') as HTMLSelectElement;
  const hint = document.getElementById('search-hint')!;
  const status = document.getElementById('search-status')!;
  const list = document.getElementById('search-results') as HTMLOListElement;
  const api = form.dataset.api!;
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  kindSelect.value = params.get('kind') ?? '';
  if (kindSelect.selectedIndex < 0) kindSelect.value = '';

  // The index loads on the first search, not with the page.
  let index: Promise<Pagefind | undefined> | undefined;
  const fullText = () =>
    (index ??= form.dataset.index
      ? import(/* @vite-ignore */ `${form.dataset.index}pagefind.js`)
          .then(async (pf: Pagefind) => {
            await pf.options({ excerptLength: 24 });
            return pf;
          })
          .catch(() => undefined)
      : Promise.resolve(undefined));

  const searchIndex = async (pf: Pagefind, q: string, kind: string): Promise<{ total: number; hits: Hit[] }> => {
    const found = await pf.search(q, kind ? { filters: { kind } } : {});
    const results = found?.results ?? [];
    const hits = await Promise.all(
      results.slice(0, SHOWN).map(async (r) => {
        const d = await r.data();
        return { path: d.url, title: d.meta.title ?? d.url, excerpt: d.excerpt, marked: true, kind: d.filters.kind?.[0] ?? '' };
      }),
    );
    return { total: results.length, hits };
  };

  const searchApi = async (q: string, kind: string, signal: AbortSignal): Promise<{ total: number; hits: Hit[] }> => {
    const res = await fetch(`${api}?${new URLSearchParams({ q, limit: '100' })}`, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { data } = (await res.json()) as { data: { items: { path: string; title: string; description: string; kind: string }[] } };
    const items = data.items
      .map((d) => ({ path: d.path, title: d.title, excerpt: d.description, marked: false, kind: kindLabel(d.kind) }))
      .filter((d) => !kind || d.kind === kind);
    return { total: items.length, hits: items.slice(0, SHOWN) };
  };

  const show = (q: string, total: number, hits: Hit[]) => {
    status.textContent =
      total === 0
        ? `No pages match “${q}”.`
        : `${total} ${total === 1 ? 'page matches' : 'pages match'} “${q}”${total > SHOWN ? `; showing the best ${SHOWN}` : ''}.`;
    list.replaceChildren(
      ...hits.map((doc) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = doc.path;
        link.textContent = doc.title;
        const meta = document.createElement('p');
        meta.className = 'meta';
        meta.textContent = doc.kind;
        const text = document.createElement('p');
        if (doc.marked) text.append(...excerptNodes(doc.excerpt));
        else text.textContent = doc.excerpt;
        item.append(link, meta, text);
        return item;
      }),
    );
  };

  let pending: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = async () => {
    const q = input.value.trim();
    const kind = kindSelect.value;
    const url = new URL(location.href);
    url.searchParams.delete('q');
    url.searchParams.delete('kind');
    if (q) url.searchParams.set('q', q);
    if (kind) url.searchParams.set('kind', kind);
    history.replaceState(null, '', url);
    pending?.abort();
    if (q.length < 2) {
      list.replaceChildren();
      status.textContent = q ? 'Type at least 2 characters.' : '';
      return;
    }
    const mine = (pending = new AbortController());
    try {
      const pf = await fullText();
      hint.textContent = pf
        ? 'Searches the words of every page; the pages with the most matches, and matches in titles, come first.'
        : 'Every word must appear in a page’s title or description; the start of a word is enough. Titles rank first.';
      const { total, hits } = pf ? await searchIndex(pf, q, kind) : await searchApi(q, kind, mine.signal);
      if (pending === mine) show(q, total, hits);
    } catch (err) {
      if ((err as Error).name !== 'AbortError' && pending === mine) {
        list.replaceChildren();
        status.textContent = 'Search is unavailable right now; please try again later.';
      }
    }
  };

  if (input.value.trim()) void search();
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, DEBOUNCE_MS);
  });
  kindSelect.addEventListener('change', () => void search());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void search();
  });
  // Down arrow from the box moves to the first result; Tab works as usual.
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      const first = list.querySelector('a');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  });
}
