import type { Pagination } from '../schemas/envelope.ts';

/** One page of a list. Past the last page: no items and has_more false. */
export function paginate<T>(all: readonly T[], page: number, limit: number): { items: T[]; pagination: Pagination } {
  const total = all.length;
  const start = (page - 1) * limit;
  return {
    items: all.slice(start, start + limit),
    pagination: { page, limit, total, total_pages: Math.ceil(total / limit), has_more: start + limit < total },
  };
}
