// The search page's script: asks /api/v1/search (the same endpoint and ranking as the public API) as the visitor
// types, and keeps ?q= in the address bar so a result list can be shared. It downloads only the answers, never the
// whole index: at 100,000 pages the index is tens of megabytes, an answer a few kilobytes (and cached by the CDN).
// Text is set with textContent, never as HTML.

/** Results shown at once; the status line gives the full count. */
const SHOWN = 50;
/** Pause after a keystroke before asking: a fast typist sends one request per pause, not one per letter. */
const DEBOUNCE_MS = 120;

interface Hit {
  path: string;
  title: string;
  description: string;
  kind: string;
  section?: string;
}

export function startSiteSearch(): void {
  const form = document.getElementById('search-page-form') as HTMLFormElement;
  const input = document.getElementById('search-q') as HTMLInputElement;
  const status = document.getElementById('search-status')!;
  const list = document.getElementById('search-results') as HTMLOListElement;
  const api = form.dataset.api!;
  input.value = new URLSearchParams(location.search).get('q') ?? '';

  let pending: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

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
        meta.textContent = doc.section ?? doc.kind;
        const text = document.createElement('p');
        text.textContent = doc.description;
        item.append(link, meta, text);
        return item;
      }),
    );
  };

  const search = async () => {
    const q = input.value.trim();
    const url = new URL(location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    pending?.abort();
    if (q.length < 2) {
      list.replaceChildren();
      status.textContent = q ? 'Type at least 2 characters.' : '';
      return;
    }
    const mine = (pending = new AbortController());
    try {
      const res = await fetch(`${api}?${new URLSearchParams({ q, limit: String(SHOWN) })}`, {
        signal: mine.signal,
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const { data } = (await res.json()) as { data: { total: number; items: Hit[] } };
      if (pending === mine) show(q, data.total, data.items);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
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
