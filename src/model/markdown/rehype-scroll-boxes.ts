import type { Root, Element, ElementContent, RootContent } from 'hast';

/**
 * Tables and code blocks scroll inside their own box rather than widening the page on a phone. A box that scrolls
 * must be reachable by keyboard (axe: scrollable-region-focusable), so each gets tabindex="0"; a table's box is a
 * region, and regions need distinct names (axe: landmark-unique): "Table 2: Pagination (Endpoint)" is the table's
 * number in the document, the heading it sits under and its first header cell.
 */
export function rehypeScrollBoxes() {
  return (tree: Root) => {
    wrap(tree.children, { tables: 0, heading: '' });
  };
}

function wrap(children: (RootContent | ElementContent)[], state: { tables: number; heading: string }): void {
  children.forEach((node, i) => {
    if (node.type !== 'element') return;
    if (/^h[1-4]$/.test(node.tagName)) state.heading = textOf(node);
    if (node.tagName === 'pre') node.properties = { ...node.properties, tabIndex: 0 };
    if (node.tagName === 'table') {
      state.tables += 1;
      const name = [state.heading, firstHeader(node) && `(${firstHeader(node)})`].filter(Boolean).join(' ');
      children[i] = {
        type: 'element',
        tagName: 'div',
        properties: {
          className: ['table-wrap'],
          tabIndex: 0,
          role: 'region',
          ariaLabel: `Table ${state.tables}${name ? `: ${name}` : ''}`,
        },
        children: [node],
      };
      return;
    }
    wrap(node.children, state);
  });
}

const textOf = (n: ElementContent | Element): string =>
  n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(textOf).join('').trim() : '';

function firstHeader(node: Element | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (node.tagName === 'th') return node.children.map(firstHeader).join('').trim();
  for (const child of node.children) {
    const t = firstHeader(child);
    if (t && child.type === 'element') return t;
  }
  return '';
}
