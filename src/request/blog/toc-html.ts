// A table of contents for an article stored without one: its h2/h3 headings that carry an id, as nested links.
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import type { Element, ElementContent, Root } from 'hast';
import { escapeHtml } from './escape.ts';

interface Entry {
  id: string;
  text: string;
  children: Entry[];
}

const textOf = (node: ElementContent | Root): string =>
  node.type === 'text' ? node.value : 'children' in node ? node.children.map((c) => textOf(c as ElementContent)).join('') : '';

function collect(node: Root | Element, out: Entry[]): Entry[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const id = child.properties?.id;
    if ((child.tagName === 'h2' || child.tagName === 'h3') && typeof id === 'string' && id) {
      const entry = { id, text: textOf(child).replace(/\s+/g, ' ').trim(), children: [] };
      // An h3 nests under the h2 before it; one before any h2 stands at the top level.
      const parent = child.tagName === 'h3' ? out.at(-1) : undefined;
      (parent ? parent.children : out).push(entry);
    } else collect(child, out);
  }
  return out;
}

const list = (entries: Entry[]): string =>
  `<ol>${entries.map((e) => `<li><a href="#${escapeHtml(encodeURIComponent(e.id))}">${escapeHtml(e.text)}</a>${e.children.length ? list(e.children) : ''}</li>`).join('')}</ol>`;

/** `<nav class="toc"><ol>…</ol></nav>`, or '' when the body has no linkable heading. */
export function tocHtml(html: string): string {
  const entries = collect(unified().use(rehypeParse, { fragment: true }).parse(html), []);
  return entries.length ? `<nav class="toc">${list(entries)}</nav>` : '';
}
