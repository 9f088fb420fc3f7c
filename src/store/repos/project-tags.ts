import type { Sql } from 'postgres';
import { ownRows } from '../own-rows.ts';

/** One tag of a project, with how many of its listed articles carry it. */
export interface TagCount {
  name: string;
  count: number;
}

/**
 * The tags of a project's listed articles (not unpublished, not redirected: those GET /v1/articles lists), each with
 * how many carry it; most used first, then by name (code point order, stable under any locale).
 */
export async function listProjectTags(sql: Sql, projectId: string): Promise<TagCount[]> {
  const rows = await sql<(TagCount & { owner: string })[]>`
    select t.tag as name, count(*)::int as count, min(a.project_id) as owner
    from articles a cross join lateral jsonb_array_elements_text(a.tags) as t(tag)
    where a.project_id = ${projectId} and not a.unpublished and a.redirect_to is null
    group by t.tag
    order by count desc, t.tag collate "C"`;
  return ownRows(rows, projectId, 'project tags').map(({ name, count }) => ({ name, count }));
}
