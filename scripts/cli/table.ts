// Human output: aligned columns with a header row; `-` for an empty cell; long cells cut (with …) unless asked whole.
const cell = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : v instanceof Date ? v.toISOString() : String(v));

/** A cell of at most `max` characters: cut at a space when one is near, ending in …. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max / 2 ? head.slice(0, space) : head}…`;
}

/** The table's text, and the columns in which a cell was cut (to say how to see them whole). */
export function tableOf(rows: Record<string, unknown>[], cols: string[], max: number | undefined): { text: string; cut: string[] } {
  const cutCols = new Set<string>();
  const body = rows.map((r) =>
    cols.map((c) => {
      const whole = cell(r[c]).replace(/\s+/g, ' ');
      const shown = max === undefined ? whole : cut(whole, max);
      if (shown !== whole) cutCols.add(c);
      return shown;
    }),
  );
  const cells = [cols, ...body];
  const widths = cols.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const text = cells
    .map((row) =>
      row
        .map((v, i) => v.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
  return { text, cut: cols.filter((c) => cutCols.has(c)) };
}

/** One line saying which columns were cut and how to see them whole; empty when none was. */
export const cutNote = (cut: string[], max: number, whole: string): string =>
  cut.length ? `\n(${cut.join(' and ')} cut to ${max} characters; ${whole} ${cut.length > 1 ? 'them' : 'it'} whole)` : '';

/** Aligned columns, long cells cut at 80 characters (and a last line saying so: --json prints them whole). */
export function table(rows: Record<string, unknown>[], cols: string[]): string {
  const t = tableOf(rows, cols, 80);
  return `${t.text}${cutNote(t.cut, 80, '--json prints')}`;
}

const flatten = (r: Record<string, unknown>, prefix = ''): [string, unknown][] =>
  Object.entries(r).flatMap(([k, v]) =>
    v && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)
      ? flatten(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, v] as [string, unknown]],
  );

/** `key: value` lines for one record, values aligned; nested objects as `a.b`, lists as JSON. */
export function record(r: Record<string, unknown>): string {
  const pairs = flatten(r);
  const width = Math.max(...pairs.map(([k]) => k.length)) + 1;
  return pairs
    .map(([k, v]) => `${`${k}:`.padEnd(width)}  ${Array.isArray(v) ? (v.length ? JSON.stringify(v) : '-') : cell(v)}`.trimEnd())
    .join('\n');
}

/** ISO 8601 for a Date, null for none: what `--json` prints. */
export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : d);
