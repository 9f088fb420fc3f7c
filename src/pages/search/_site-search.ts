// The search page's script: loads the index once, answers every keystroke with `searchPages` (the function's own
// code), keeps ?q= in the address bar so a result list can be shared. Text is set with textContent, never as HTML.
import { docOf, loadSearchArtifact, searchPages, type SearchArtifact } from '../../core/search.ts';

/** Results shown at once; the status line gives the full count. */
const SHOWN = 50;

export function startSiteSearch(): void {
  const form = document.getElementById('search-page-form') as HTMLFormElement;
  const input = document.getElementById('search-q') as HTMLInputElement;
  const status = document.getElementById('search-status')!;
  const list = document.getElementById('search-results') as HTMLOListElement;
  const indexUrl = form.dataset.index!;
  input.value = new URLSearchParams(location.search).get('q') ?? '';

  let index: ReturnType<typeof loadSearchArtifact> | undefined;
  status.textContent = 'Loading the search index…';
  const ready = fetch(indexUrl)
    .then((res) => { if (!res.ok) throw new Error(`HTTP ${res.status}`); return res.json() as Promise<SearchArtifact>; })
    .then((artifact) => { index = loadSearchArtifact(artifact); })
    .catch(() => { status.textContent = 'Search is unavailable right now; please try again later.'; });

  const render = () => {
    if (!index) return;
    const q = input.value.trim();
    const url = new URL(location.href);
    if (q) url.searchParams.set('q', q); else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    list.replaceChildren();
    if (q.length < 2) { status.textContent = q ? 'Type at least 2 characters.' : ''; return; }
    const { total, hits } = searchPages(index, q, SHOWN);
    status.textContent = total === 0 ? `No pages match “${q}”.`
      : `${total} ${total === 1 ? 'page matches' : 'pages match'} “${q}”${total > SHOWN ? `; showing the best ${SHOWN}` : ''}.`;
    for (const doc of hits.map((hit) => docOf(index!, hit.id))) {
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
      list.append(item);
    }
  };

  void ready.then(render);
  input.addEventListener('input', render);
  form.addEventListener('submit', (event) => { event.preventDefault(); render(); });
  // Down arrow from the box moves to the first result; Tab works as usual.
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') { const first = list.querySelector('a'); if (first) { event.preventDefault(); first.focus(); } }
  });
}
