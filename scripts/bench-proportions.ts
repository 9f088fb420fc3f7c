// The proportions `npm run bench:content` prints beside each row (scripts/bench-content.ts): they move much less with
// the machine and its load than the absolute figures, so runs on different machines or loads compare by them.

export interface Proportions {
  /** req/s as a fraction of the ceiling row's (Node's HTTP layer alone answering a fixed answer). */
  ofCeiling?: number;
  /** p99 as a multiple of the list route's p99 of the same server. */
  p99OfList?: number;
}

/**
 * Each route row's proportions: "list" and "detail" (or "list <label>" and "detail <label>" when two servers are
 * compared, each against its own list). A proportion is absent when the run has no ceiling or no list row.
 */
export function proportions(results: Record<string, { rps: number; p99: number }>): Record<string, Proportions> {
  const ceiling = results.ceiling;
  const out: Record<string, Proportions> = {};
  for (const [k, v] of Object.entries(results)) {
    if (k === 'ceiling') continue;
    const list = results[k.replace(/^\S+/, 'list')];
    out[k] = {
      ...(ceiling?.rps ? { ofCeiling: v.rps / ceiling.rps } : {}),
      ...(list?.p99 ? { p99OfList: v.p99 / list.p99 } : {}),
    };
  }
  return out;
}
