// Copy buttons on code blocks (see src/markdown/rehype-code-blocks.ts). Loaded once per page that has code.
if (!window.skribraCopy) {
  window.skribraCopy = true;
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element && event.target.closest('[data-copy]');
    if (!button) return;
    const pre = button.closest('.code-block')?.querySelector('pre');
    if (!pre) return;
    try {
      await navigator.clipboard.writeText(pre.innerText);
      button.textContent = 'Copied';
    } catch {
      getSelection()?.selectAllChildren(pre);
      button.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  });
}
