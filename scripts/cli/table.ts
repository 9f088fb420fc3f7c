// Human output: aligned columns with a header row; `-` for an empty cell; long cells cut at 80 characters.
const cell = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : v instanceof Date ? v.toISOString() : String(v));

export function table(rows: Record<string, unknown>[], cols: string[]): string {
  const cells = [cols, ...rows.map((r) => cols.map((c) => cell(r[c]).replace(/\s+/g, ' ').slice(0, 80)))];
  const widths = cols.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells
    .map((row) =>
      row
        .map((v, i) => v.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
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
