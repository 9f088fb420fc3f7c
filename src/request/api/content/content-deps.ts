// What the content API's handler modules are given besides the request: the store and the finished-answer caches
// (create-content-api.ts makes them once per process). Their access (the access check's answer) comes in the ctx.
import type { Sql } from 'postgres';
import type { Access } from '../../../store/repos/access.ts';
import type { HandlerOf } from '../http/handlers-of.ts';
import type { CachedPage, ListCache } from './list-cache.ts';
import type { ChangeHub } from './change-hub.ts';

export interface ContentDeps {
  /** postgres.js client of the store. */
  sql: Sql;
  /** Finished list pages (list-cache.ts), keyed by the project's articles version. */
  lists: ListCache;
  /** Finished article answers, under the same rule. */
  details: ListCache;
  /** The change streams' poller and slots (GET /v1/events). */
  events: ChangeHub;
}

/**
 * What the access check found, as a content handler gets it. `cachedPage`: a detail request's answer that the detail
 * cache already held at the project's version the check read, so the access statement left the article's bytes out.
 */
export type ContentAccess = Access & { cachedPage?: CachedPage };

/** A content endpoint's handler: its endpoint's ctx (with what the access check found) and the deps in, its typed answer out. */
export const contentHandler = <E>(
  _endpoint: E,
  handler: HandlerOf<E, ContentAccess, ContentDeps>,
): HandlerOf<E, ContentAccess, ContentDeps> => handler;
