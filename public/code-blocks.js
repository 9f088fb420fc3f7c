// Code blocks (see src/model/markdown/rehype-code-blocks.ts): Copy buttons, and language tabs that follow the ARIA tabs
// pattern; choosing a language switches every tab group on the page to it. Loaded once per page that has code.
if (!window.skribraCode) {
  window.skribraCode = true;
  const select = (lang) => {
    for (const group of document.querySelectorAll('.code-tabs')) {
      const tabs = [...group.querySelectorAll('[role="tab"]')];
      const chosen = tabs.find((t) => t.dataset.lang === lang);
      if (!chosen) continue;
      for (const t of tabs) {
        const on = t === chosen;
        t.setAttribute('aria-selected', String(on));
        t.tabIndex = on ? 0 : -1;
        document.getElementById(t.getAttribute('aria-controls'))?.toggleAttribute('data-inactive', !on);
      }
    }
  };
  document.addEventListener('click', async (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const tab = target?.closest('[role="tab"]');
    if (tab?.closest('.code-tabs')) return select(tab.dataset.lang);
    const button = target?.closest('[data-copy]');
    const pre = button?.closest('.code-block')?.querySelector('pre');
    if (!button || !pre) return;
    try {
      await navigator.clipboard.writeText(pre.innerText);
      button.textContent = 'Copied';
    } catch {
      getSelection()?.selectAllChildren(pre);
      button.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 2000);
  });
  document.addEventListener('keydown', (event) => {
    const tab = event.target instanceof Element && event.target.closest('.code-tabs [role="tab"]');
    if (!tab || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const tabs = [...tab.parentElement.querySelectorAll('[role="tab"]')];
    const i = tabs.indexOf(tab);
    const next =
      tabs[
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : (i + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length
      ];
    select(next.dataset.lang);
    next.focus();
    event.preventDefault();
  });
}
