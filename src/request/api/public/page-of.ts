import type { Pagination } from '../../../model/schemas/envelope.ts';

/**
 * One page of a list of `total` positions, reading only that page's items: the same answer as paginate() over the
 * whole list (same items, same pagination), without the list.
 */
export function pageOf<T>(
  total: number,
  page: number,
  limit: number,
  items: (start: number, end: number) => T[],
): { items: T[]; pagination: Pagination } {
  const start = (page - 1) * limit;
  return {
    items: start < total ? items(start, Math.min(start + limit, total)) : [],
    pagination: { page, limit, total, total_pages: Math.ceil(total / limit), has_more: start + limit < total },
  };
}
/** The positions from `start` up to `end`. */
export const range = (start: number, end: number) => Array.from({ length: Math.max(end - start, 0) }, (_, i) => start + i);
