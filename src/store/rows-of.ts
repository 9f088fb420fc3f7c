// A statement's rows, in order, in an array the driver does not hold. Why: postgres.js keeps each query's
// resolve/reject as closures over the query's scope, and V8 allocates those closures straight into old space. On
// Node 24 such a dead old closure keeps its query, the query's promise and the rows it resolved with reachable for
// the young-generation GC until the next full GC: about half of the bytes a plain `await sql`...`` loop over ~6 KB
// rows allocates survived the scavenges (4% on Node 20). On the content API's access check, whose detail rows then carried
// whole articles (now their ~7 KB stored answers), that made the young generation grow to 64 MB and each scavenge copy 5-13 MB: stop-the-world pauses
// that every in-flight request paid, the detail route's p99. Rows taken through `forEach` into an array that is
// emptied before it is handed over leave the query holding no row, so they die young like any other garbage.
import type { PendingQuery, Row } from 'postgres';

/** The rows of `query` (run as `await query` would run it, same errors), in a fresh array. */
export async function rowsOf<T extends readonly Row[]>(query: PendingQuery<T>): Promise<T[number][]> {
  const rows: T[number][] = [];
  await query.forEach((row) => {
    rows.push(row);
  });
  return rows.splice(0);
}
