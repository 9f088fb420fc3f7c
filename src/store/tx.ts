import type { Sql } from 'postgres';

/** Runs `fn` in a transaction, or in the caller's when `sql` already is one (a TransactionSql has no begin). */
export function inTx<T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  if (typeof (sql as { begin?: unknown }).begin !== 'function') return fn(sql);
  return sql.begin((tx) => fn(tx as unknown as Sql)) as Promise<T>;
}
