// Tiny DOM builders for the tool islands: every user-supplied string goes in as text, never as HTML.
type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(typeof c === 'number' ? String(c) : c);
  return node;
}

/**
 * Replaces a node's children, skipping absent ones like `el` does. `replaceChildren` itself would turn a null into
 * the text "null", which is how the heading audit once printed "null" under its outline.
 */
export function fill(node: ParentNode, ...children: Child[]): void {
  node.replaceChildren(
    ...children
      .filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false)
      .map((c) => (typeof c === 'number' ? String(c) : c)),
  );
}

/** The element with this `data-part` inside an island; a missing one is a bug in the island's markup. */
export function part<T extends Element = HTMLElement>(root: ParentNode, name: string): T {
  const found = root.querySelector<T & Element>(`[data-part="${name}"]`);
  if (!found) throw new Error(`tool island: no [data-part="${name}"]`);
  return found as T;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Copies text and says so in the status element; falls back to selecting the text when the clipboard is refused. */
export async function copyText(text: string, status: HTMLElement, fallback?: HTMLElement) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied to the clipboard.';
  } catch {
    if (fallback) window.getSelection()?.selectAllChildren(fallback);
    status.textContent = 'Copying was blocked: the text is selected, press Ctrl+C (or ⌘C) to copy it.';
  }
}
