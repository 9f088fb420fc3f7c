import type { Root, Element, ElementContent, RootContent } from 'hast';

/**
 * Tables and code blocks scroll inside their own box rather than widening the page on a phone. A box that scrolls
 * must be reachable by keyboard (axe: scrollable-region-focusable), so each gets tabindex="0"; a table's box is a
 * region named after the table's first header cell.
 */
export function rehypeScrollBoxes() {
  return (tree: Root) => { wrap(tree.children); };
}

function wrap(children: (RootContent | ElementContent)[]): void {
  children.forEach((node, i) => {
    if (node.type !== 'element') return;
    if (node.tagName === 'pre') node.properties = { ...node.properties, tabIndex: 0 };
    if (node.tagName === 'table') {
      children[i] = {
        type: 'element', tagName: 'div',
        properties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel: `Table: ${firstHeader(node) || 'details'}` },
        children: [node],
      };
      return;
    }
    wrap(node.children);
  });
}

function firstHeader(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (node.tagName === 'th') return node.children.map(firstHeader).join('').trim();
  for (const child of node.children) { const t = firstHeader(child); if (t && child.type === 'element') return t; }
  return '';
}
