// An answer is checked against its caller before it leaves. Every keyed statement is scoped to the caller's account in
// SQL; this is the defence behind that: each row a keyed read answers from carries the account or project it belongs
// to (an `owner` column), and a row of anyone else, or a reply of another shape (another statement's rows), is never
// serialised. The request answers 503 `unavailable` (src/request/api/content/errors.ts) and the process logs one alarm line naming
// the route, never the rows.

/** A reply that is not the caller's: another account's or project's rows, or rows of another statement. */
export class ForeignRowError extends Error {
  readonly code = 'FOREIGN_ROW';
  constructor(what: string) {
    super(`a reply held rows that are not this request's (${what})`);
  }
}

/**
 * `rows` when every one has `owner` equal to `expected` (an account or project id); else throws ForeignRowError.
 * `what` names the statement in the error.
 */
export function ownRows<T extends { owner?: unknown }>(rows: readonly T[], expected: string, what: string): T[] {
  for (const row of rows) if (row?.owner !== expected) throw new ForeignRowError(what);
  return rows as T[];
}

/** Throws ForeignRowError unless `ok`: for replies whose ownership is more than one column. */
export function mustOwn(ok: boolean, what: string): void {
  if (!ok) throw new ForeignRowError(what);
}

/** The alarm line for a foreign reply caught on `route`: one line, no rows. */
export function foreignRowAlarm(route: string, err: ForeignRowError): string {
  return `ALARM content API: ${route}: ${err.message}; answered 503, nothing of it served`;
}
