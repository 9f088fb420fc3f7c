// What the content API's handler modules are given besides the request: the store and the finished-answer caches
// (create-content-api.ts makes them once per process). Their access (the gate's answer) comes in the ctx.
import type { Sql } from 'postgres';
import type { Access } from '../../store/repos/access.ts';
import type { HandlerOf } from '../http/handlers-of.ts';
import type { ListCache } from './list-cache.ts';

export interface ContentDeps {
  /** postgres.js client of the store. */
  sql: Sql;
  /** Finished list pages (list-cache.ts), keyed by the project's articles version. */
  lists: ListCache;
  /** Finished article answers, under the same rule. */
  details: ListCache;
}

/** A content endpoint's handler: its endpoint's ctx (with the gate's access) and the deps in, its typed answer out. */
export const contentHandler = <E>(_endpoint: E, handler: HandlerOf<E, Access, ContentDeps>): HandlerOf<E, Access, ContentDeps> => handler;
