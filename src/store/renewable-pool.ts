// A postgres.js pool that can be replaced whole when one of its connections is broken beyond what the driver sees:
// a connection whose statement ignores its cancel (a protocol stream the driver misread, a pooler that stopped
// answering) stays busy forever in postgres.js, and the driver keeps pipelining new statements onto it. The gate
// (repos/access.ts), which runs first in every content-API request, notices such a connection and calls
// renewPool: the pool in use ends at once (its connections closed, their statements rejected with
// CONNECTION_DESTROYED, a 503 like any lost connection) and the next statements run on a fresh pool, so a fault
// never leaves the API broken until a restart. Renewals are at most one per RENEW_GAP_MS, so a store that is down
// does not churn pools. The value handed out is a stand-in that forwards to whichever pool is current.
import type { Sql } from 'postgres';

const RENEW_GAP_MS = 5000;
const renewers = new WeakMap<object, (reason: string) => boolean>();

/** A stand-in for the pool `make` gives, renewed by renewPool. */
export function renewablePool(make: () => Sql): Sql {
  let current = make();
  let renewedAt = 0;
  const stand = new Proxy(function pool() {} as unknown as Sql, {
    apply: (_t, self, args) => Reflect.apply(current as unknown as (...a: unknown[]) => unknown, self, args),
    get: (_t, key) => Reflect.get(current, key),
    has: (_t, key) => Reflect.has(current, key),
  });
  renewers.set(stand, (reason) => {
    if (Date.now() - renewedAt < RENEW_GAP_MS) return false;
    renewedAt = Date.now();
    const old = current;
    current = make();
    console.error(`store: a connection was broken (${reason}); its pool was closed and a new one opened`);
    old.end({ timeout: 0 }).catch(() => {});
    return true;
  });
  return stand;
}

/** Replaces the pool behind `sql` (from renewablePool); false when it is not one or was renewed moments ago. */
export function renewPool(sql: Sql, reason: string): boolean {
  return renewers.get(sql)?.(reason) ?? false;
}

/**
 * An error the driver raised while reading the protocol stream (a RangeError or TypeError out of its message
 * reader): it attaches the query it was reading for, which no error of ours or of the server's lacks a code for.
 */
export function isProtocolError(err: unknown): boolean {
  return (err instanceof RangeError || err instanceof TypeError) && Object.hasOwn(err, 'query');
}
