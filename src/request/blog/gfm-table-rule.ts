// GFM tables for turndown. turndown-plugin-gfm 1.0.2 keeps a table without a heading row as raw HTML, does not
// escape `|` inside cells, lets a block inside a cell break the row, and ignores colspan; each of those would
// corrupt the table in the markdown twin and the API. This rule writes every table as a GFM table instead.
import type TurndownService from 'turndown';

type Cell = HTMLTableCellElement;

const ALIGN: Record<string, string> = { left: ':--', right: '--:', center: ':-:' };

function alignOf(cell: Cell): string {
  const attr = (cell.getAttribute('align') || '').toLowerCase();
  const style = /text-align\s*:\s*(left|right|center)/i.exec(cell.getAttribute('style') || '')?.[1]?.toLowerCase();
  return ALIGN[attr || style || ''] ?? '---';
}

/** A cell's markdown on one line: blocks joined with <br>, pipes escaped. */
function cellText(service: TurndownService, cell: Cell): string {
  return service
    .turndown(cell as unknown as HTMLElement)
    .trim()
    .replace(/\n+/g, '<br>')
    .replace(/\|/g, '\\|');
}

const isHeadingRow = (row: HTMLTableRowElement) =>
  row.parentElement?.nodeName === 'THEAD' || Array.from(row.cells).every((c) => c.nodeName === 'TH');

export function gfmTables(service: TurndownService): void {
  service.addRule('gfmTable', {
    filter: 'table',
    replacement(_content, node) {
      const table = node as HTMLTableElement;
      // domino's collections are array-like, not iterable; `rows` holds only this table's own rows.
      const rows = Array.from(table.rows);
      if (!rows.length) return '';
      // colspan repeats the cell's text as empty cells, so every row has the table's width.
      const grid = rows.map((row) =>
        Array.from(row.cells).flatMap((cell) => {
          const span = Math.max(1, Math.min(Number(cell.getAttribute('colspan')) || 1, 50));
          return [
            { text: cellText(service, cell), align: alignOf(cell) },
            ...Array.from({ length: span - 1 }, () => ({ text: '', align: '---' })),
          ];
        }),
      );
      const width = Math.max(...grid.map((r) => r.length));
      const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
      const hasHead = isHeadingRow(rows[0]!);
      const head = hasHead ? grid[0]! : [];
      const body = hasHead ? grid.slice(1) : grid;
      const captionNode = Array.from(table.childNodes).find((n) => n.nodeName === 'CAPTION') as HTMLElement | undefined;
      const caption = captionNode ? `${service.turndown(captionNode).trim()}\n\n` : '';
      return `\n\n${caption}${[
        line(head.map((c) => c.text)),
        line(Array.from({ length: width }, (_, i) => head[i]?.align ?? '---')),
        ...body.map((r) => line(r.map((c) => c.text))),
      ].join('\n')}\n\n`;
    },
  });
  // Cells and sections are written by the table rule above; these stop the default rules from running on a
  // table's parts when they are reached some other way.
  service.addRule('gfmTableCaption', { filter: 'caption', replacement: () => '' });
}
