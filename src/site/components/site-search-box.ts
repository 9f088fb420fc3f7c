// The header's search box, made a combobox (the ARIA pattern of an editable combobox with a list popup): as the
// visitor types, the top matches of the site's full-text search (site-search-engine.ts) show under the box, each
// with its title, kind and an excerpt with the matched words marked, and a last option for every result on /search/.
// Down and Up move through them (aria-activedescendant: the focus stays in the box), Enter opens the one chosen or,
// with none chosen, submits the form to /search/ as it does without JavaScript; Escape closes the list, a click
// opens an option. A status line nobody sees tells screen readers how many pages match. SiteSearchBox.astro loads
// this module on the box's first focus (having made the box a combobox), and the module starts loading the index's
// runtime at once.
import { excerptNodes, siteSearch, type Hit } from './site-search-engine.ts';

/** Top matches listed under the box; /search/ lists the rest. */
const SHOWN = 6;
/** Pause after a keystroke before searching: a fast typist searches once per pause, not once per letter. */
const DEBOUNCE_MS = 120;
/** The shortest query the site searches (the form's minlength, the API's). */
const MIN_LENGTH = 2;

export function startSearchBox(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const panel = form.querySelector<HTMLElement>('.site-search-panel')!;
  const list = panel.querySelector<HTMLElement>('[role="listbox"]')!;
  const note = panel.querySelector<HTMLElement>('.site-search-note')!;
  const status = form.querySelector<HTMLElement>('[role="status"]')!;
  const engine = siteSearch({ index: form.dataset.index, api: form.dataset.api! });
  engine.warm();

  let options: HTMLElement[] = [];
  let active = -1;
  let asked = 0;
  /** Escape closed the list: an answer still on its way does not open it again until the next keystroke. */
  let dismissed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    input.setAttribute('aria-expanded', String(open && options.length > 0));
  };
  const choose = (i: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = i;
    const option = options[i];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };
  const clear = () => {
    choose(-1);
    options = [];
    list.replaceChildren();
    note.textContent = '';
    setOpen(false);
  };

  const option = (i: number, href: string, parts: Node[], path = href) => {
    // A listbox of div options (a list element's own role would be overridden).
    const item = document.createElement('div');
    item.id = `${list.id}-${i}`;
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', 'false');
    item.dataset.href = href;
    item.dataset.path = path;
    item.append(...parts);
    return item;
  };
  const span = (className: string, ...content: (Node | string)[]) => {
    const s = document.createElement('span');
    s.className = className;
    s.append(...content);
    return s;
  };
  // An option opens the passage that matched (its section's heading) and names that section after the title.
  const hitOption = (hit: Hit, i: number) =>
    option(
      i,
      hit.href,
      [
        span('site-search-title', hit.title),
        span('site-search-kind', hit.kind),
        ...(hit.section ? [span('site-search-section', hit.section)] : []),
        span('site-search-excerpt', ...excerptNodes(hit)),
      ],
      hit.path,
    );

  const show = (q: string, total: number, hits: Hit[]) => {
    choose(-1);
    const all = `/search/?${new URLSearchParams({ q })}`;
    options = hits.map(hitOption);
    if (total > 0) options.push(option(hits.length, all, [span('site-search-all', `All ${total} results for “${q}”`)]));
    list.replaceChildren(...options);
    note.textContent = total === 0 ? `No pages match “${q}”.` : '';
    status.textContent =
      total === 0
        ? `No pages match “${q}”.`
        : `${total} ${total === 1 ? 'page matches' : 'pages match'}; the top ${hits.length} are listed below the box.`;
    setOpen(document.activeElement === input && !dismissed);
  };

  const search = async () => {
    const q = input.value.trim();
    const mine = ++asked;
    if (q.length < MIN_LENGTH) {
      clear();
      status.textContent = '';
      return;
    }
    try {
      const { total, hits } = await engine.search(q, { shown: SHOWN });
      if (mine === asked) show(q, total, hits);
    } catch {
      if (mine !== asked) return;
      clear();
      status.textContent = 'Search is unavailable right now; press Enter to search on the search page.';
    }
  };

  const open = (href: string) => location.assign(href);

  input.addEventListener('input', () => {
    dismissed = false;
    clearTimeout(timer);
    timer = setTimeout(search, DEBOUNCE_MS);
  });
  input.addEventListener('focus', () => {
    if (options.length || note.textContent) setOpen(true);
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  input.addEventListener('keydown', (event) => {
    const shown = !panel.hidden && options.length > 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!options.length) return;
        event.preventDefault();
        dismissed = false;
        if (!shown) setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        choose(active === -1 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
        return;
      }
      case 'Enter':
        if (shown && active >= 0) {
          event.preventDefault();
          open(options[active]!.dataset.href!);
        }
        return;
      case 'Escape':
        if (!panel.hidden) {
          // The list closes; the box keeps its text (a second Escape clears it, as the browser does).
          event.preventDefault();
          choose(-1);
          setOpen(false);
        }
        dismissed = true;
        return;
      default:
    }
  });
  // A press on an option must not take the focus from the box (it would close the list before the click).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (item?.dataset.href) open(item.dataset.href);
  });
  list.addEventListener('mousemove', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[role="option"]');
    const i = item ? options.indexOf(item) : -1;
    if (i >= 0 && i !== active) choose(i);
  });

  // A page kept for the Back button comes back with its list closed.
  addEventListener('pagehide', () => setOpen(false));

  if (input.value.trim().length >= MIN_LENGTH) void search();
}
