import type { Sql } from 'postgres';
import { newId } from '../ids.ts';
import { ownRows } from '../own-rows.ts';

export interface ProjectRow {
  id: string;
  account_id: string;
  name: string;
  url: string | null;
  api_enabled: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_events: string[] | null;
  created_at: Date;
}

export async function createProject(
  sql: Sql,
  p: { accountId: string; name: string; url?: string; apiEnabled?: boolean; id?: string },
): Promise<string> {
  const id = p.id ?? newId('prj');
  await sql`insert into projects (id, account_id, name, url, api_enabled)
    values (${id}, ${p.accountId}, ${p.name}, ${p.url ?? null}, ${p.apiEnabled ?? false})`;
  return id;
}

export async function getProject(sql: Sql, id: string): Promise<ProjectRow | undefined> {
  const [row] = await sql<ProjectRow[]>`select * from projects where id = ${id}`;
  return row;
}

/** The account's projects, oldest first (id breaks ties); each row checked to be the account's (own-rows.ts). */
export async function listProjects(sql: Sql, accountId: string) {
  const rows = await sql<(Pick<ProjectRow, 'id' | 'name' | 'url' | 'api_enabled'> & { owner: string })[]>`
    select id, name, url, api_enabled, account_id as owner from projects where account_id = ${accountId} order by created_at, id`;
  return ownRows(rows, accountId, 'projects');
}

export async function setProjectApi(sql: Sql, id: string, on: boolean): Promise<boolean> {
  const rows = await sql`update projects set api_enabled = ${on}, updated_at = now() where id = ${id} returning id`;
  return rows.count > 0;
}
