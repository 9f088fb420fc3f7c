// The search page's script. With the site's full-text index (Pagefind, written by the build to /pagefind/; the form's
// data-index names it) it searches the words of every page: the browser loads the index in chunks, only the parts a
// query needs, and each result's excerpt comes with the matched words marked. Without the index (switched off with
// SKRIBRA_SEARCH_INDEX=0, the dev server, or it fails to load) it asks /api/v1/search, titles and descriptions. The
// kind filter narrows either. ?q= and ?kind= stay in the address bar so a result list can be shared. The searching is
// the header box's too (src/site/components/site-search-engine.ts); text is set with textContent, never as HTML.
import { excerptNodes, siteSearch, type Hit } from '../../components/site-search-engine.ts';

/** Results shown at once; the status line gives the full count. */
const SHOWN = 20;
/** Pause after a keystroke before searching: a fast typist searches once per pause, not once per letter. */
const DEBOUNCE_MS = 120;

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
  const engine = siteSearch({ index: form.dataset.index, api });

  const show = (q: string, total: number, hits: Hit[]) => {
    status.textContent =
      total === 0
        ? `No pages match “${q}”.`
        : `${total} ${total === 1 ? 'page matches' : 'pages match'} “${q}”${total > SHOWN ? `; showing the best ${SHOWN}` : ''}.`;
    list.replaceChildren(
      ...hits.map((doc) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        // To the heading of the passage that matched, when there is one; the title names the page and its section.
        link.href = doc.href;
        link.dataset.path = doc.path;
        link.textContent = doc.section ? `${doc.title} › ${doc.section}` : doc.title;
        const meta = document.createElement('p');
        meta.className = 'meta';
        meta.textContent = doc.kind;
        const text = document.createElement('p');
        text.append(...excerptNodes(doc));
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
      const { total, hits, fullText } = await engine.search(q, { kind, shown: SHOWN, signal: mine.signal });
      hint.textContent = fullText
        ? 'Searches the words of every page; the pages with the most matches, and matches in titles, come first.'
        : 'Every word must appear in a page’s title or description; the start of a word is enough. Titles rank first.';
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
