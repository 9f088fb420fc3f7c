// The project holding the company blog, apart from the seed (whose images pull in sharp), so the functions that read
// the blog at request time load only this.
import type { Sql } from 'postgres';

/** The house blog's project, as the seed creates it. */
export const BLOG_PROJECT_ID = 'prj_skribra_blog';

/** The project holding the company blog: `configured` ($SKRIBRA_BLOG_PROJECT_ID), else the seeded one when present. */
export async function getBlogProjectId(sql: Sql, configured: string | undefined): Promise<string | null> {
  if (configured) return configured;
  const [row] = await sql`select id from projects where id = ${BLOG_PROJECT_ID}`;
  return row ? BLOG_PROJECT_ID : null;
}
