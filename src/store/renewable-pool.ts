// A postgres.js pool that can be replaced whole when one of its connections is broken beyond what the driver sees:
// a connection whose statement ignores its cancel (a protocol stream the driver misread, a pooler that stopped
// answering) stays busy forever in postgres.js, and the driver keeps pipelining new statements onto it. The access check
// (repos/access.ts), which runs first in every content-API request, notices such a connection and calls
// renewPool: the pool in use ends at once (its connections closed, their statements rejected with
// CONNECTION_DESTROYED, a 503 like any lost connection) and the next statements run on a fresh pool, so a fault
// never leaves the API broken until a restart. Renewals are at most one per RENEW_GAP_MS, so a store that is down
// does not churn pools. The value handed out is a stand-in that forwards to whichever pool is current.
import type { Sql } from 'postgres';

const RENEW_GAP_MS = 5000;
interface Control {
  renew(reason: string): boolean;
  promote(): void;
}
const controls = new WeakMap<object, Control>();

/**
 * A stand-in for the pool `make` gives, renewed by renewPool. It starts serial (`make(false)`: one exchange at a time
 * per connection, no named prepared statements: postgres.js's max_pipeline 0, open-store.ts), where `begin` runs its
 * transaction on a reserved connection, as postgres.js's own begin cannot there (it reserves its connection only when
 * the connection may take more). promotePool moves it to `make(true)` once the connection is proven to reach a
 * server itself (prove-server.ts).
 */
export function renewablePool(make: (fast: boolean) => Sql): Sql {
  let fast = false;
  let current = make(fast);
  let renewedAt = 0;
  // The serial pool after a promotion. It is not ended then: what runs on it (a transaction on a reserved connection, a
  // reservation still being served) finishes there, and its idle connections close by themselves (idle_timeout); it
  // ends with the stand-in.
  let promotedFrom: Sql | undefined;
  const begin = (...args: unknown[]) => reservedTransaction(current, args);
  const end = async (options?: { timeout?: number }) => {
    await Promise.all([current.end(options), promotedFrom?.end(options)]);
  };
  const stand = new Proxy(function pool() {} as unknown as Sql, {
    apply: (_t, self, args) => Reflect.apply(current as unknown as (...a: unknown[]) => unknown, self, args),
    get: (_t, key) => (key === 'end' ? end : !fast && key === 'begin' ? begin : Reflect.get(current, key)),
    has: (_t, key) => Reflect.has(current, key),
  });
  const replace = (next: boolean) => {
    const old = current;
    fast = next;
    current = make(fast);
    return old;
  };
  controls.set(stand, {
    renew(reason) {
      if (Date.now() - renewedAt < RENEW_GAP_MS) return false;
      renewedAt = Date.now();
      console.error(`store: a connection was broken (${reason}); its pool was closed and a new one opened`);
      for (const old of [replace(fast), promotedFrom]) old?.end({ timeout: 0 }).catch(() => {});
      return true;
    },
    promote() {
      if (!fast) promotedFrom = replace(true);
    },
  });
  return stand;
}

/** Replaces the pool behind `sql` (from renewablePool); false when it is not one or was renewed moments ago. */
export function renewPool(sql: Sql, reason: string): boolean {
  return controls.get(sql)?.renew(reason) ?? false;
}

/** Moves `sql` (from renewablePool) to pipelining and prepared statements: only for a proven server. */
export function promotePool(sql: Sql): void {
  controls.get(sql)?.promote();
}

/**
 * An error the driver raised while reading the protocol stream (a RangeError or TypeError out of its message
 * reader): it attaches the query it was reading for, which no error of ours or of the server's lacks a code for.
 */
export function isProtocolError(err: unknown): boolean {
  return (err instanceof RangeError || err instanceof TypeError) && Object.hasOwn(err, 'query');
}

/** A transaction's statements see a pool without begin (tx.ts's sign of being in one), on the reserved connection. */
const HIDDEN = new Set<PropertyKey>(['begin', 'reserve', 'release', 'end']);

/** `sql.begin([options,] fn)` on a connection reserved for it: begin, fn, commit; rollback on any error. */
async function reservedTransaction(pool: Sql, args: unknown[]): Promise<unknown> {
  const [options, fn] = (typeof args[0] === 'function' ? ['', args[0]] : args) as [string, (tx: Sql) => unknown];
  const conn = await pool.reserve();
  const tx = new Proxy(conn, {
    get: (t, key) => (HIDDEN.has(key) ? undefined : Reflect.get(t, key)),
    has: (t, key) => !HIDDEN.has(key) && Reflect.has(t, key),
  });
  try {
    await conn.unsafe(`begin ${options.replace(/[^a-z ]/gi, '')}`);
    let result = await fn(tx as unknown as Sql);
    if (Array.isArray(result)) result = await Promise.all(result);
    await conn.unsafe('commit');
    return result;
  } catch (err) {
    await conn.unsafe('rollback').catch(() => {});
    throw err;
  } finally {
    conn.release();
  }
}
