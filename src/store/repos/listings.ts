// What an operator looks things up with (the CLI's list and show commands): accounts, projects, articles in any
// state and webhook deliveries with filters. Read-only, newest or oldest first with id as the tie-break.
import type { Sql } from 'postgres';

export type ArticleState = 'published' | 'unpublished' | 'redirected' | 'retired';
export const ARTICLE_STATES: readonly ArticleState[] = ['published', 'unpublished', 'redirected', 'retired'];
export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

/** One state per article, in the order the API applies them: unpublished wins over a redirect, a redirect over retired. */
const stateOf = (sql: Sql) =>
  sql`case when unpublished then 'unpublished' when redirect_to is not null then 'redirected' when retired then 'retired' else 'published' end`;

export interface AccountListRow {
  id: string;
  name: string;
  created_at: Date;
  projects: number;
  key_hint: string | null;
}

/** Accounts, oldest first, with their project count and the hint of their active key (null when revoked). */
export function listAccounts(sql: Sql, limit: number) {
  return sql<AccountListRow[]>`
    select a.id, a.name, a.created_at,
      (select count(*)::int from projects p where p.account_id = a.id) as projects,
      (select k.hint from api_keys k where k.account_id = a.id and k.revoked_at is null order by k.created_at desc, k.id desc limit 1) as key_hint
    from accounts a order by a.created_at, a.id limit ${limit}`;
}

export interface ProjectListRow {
  id: string;
  account_id: string;
  account_name: string;
  name: string;
  url: string | null;
  api_enabled: boolean;
  webhook_url: string | null;
  articles: number;
  published: number;
  created_at: Date;
}

/** Projects of one account or of all, oldest first, with article counts. */
export function listAllProjects(sql: Sql, q: { accountId?: string; limit: number }) {
  const account = q.accountId ? sql`where p.account_id = ${q.accountId}` : sql``;
  return sql<ProjectListRow[]>`
    select p.id, p.account_id, a.name as account_name, p.name, p.url, p.api_enabled, p.webhook_url, p.created_at,
      (select count(*)::int from articles x where x.project_id = p.id) as articles,
      (select count(*)::int from articles x where x.project_id = p.id and not x.unpublished and x.redirect_to is null and not x.retired) as published
    from projects p join accounts a on a.id = p.account_id ${account}
    order by p.created_at, p.id limit ${q.limit}`;
}

export interface ProjectDetail {
  id: string;
  account_id: string;
  account_name: string;
  name: string;
  url: string | null;
  api_enabled: boolean;
  webhook_url: string | null;
  webhook_secret_set: boolean;
  webhook_previous_secret_until: Date | null;
  webhook_disabled_at: Date | null;
  webhook_disabled_reason: string | null;
  /** Subscribed lifecycle events; null: the default (article.published, once per article). */
  webhook_events: string[] | null;
  created_at: Date;
  updated_at: Date;
  articles: Record<ArticleState, number>;
  deliveries: Record<(typeof DELIVERY_STATUSES)[number], number>;
}

/** A project with its account, webhook state (never the secret itself), articles by state and deliveries by status. */
export async function projectDetail(sql: Sql, id: string): Promise<ProjectDetail | undefined> {
  const [p] = await sql<Omit<ProjectDetail, 'articles' | 'deliveries'>[]>`
    select p.id, p.account_id, a.name as account_name, p.name, p.url, p.api_enabled, p.webhook_url,
      p.webhook_secret is not null as webhook_secret_set, p.webhook_previous_secret_until, p.webhook_disabled_at,
      p.webhook_disabled_reason, p.webhook_events, p.created_at, p.updated_at
    from projects p join accounts a on a.id = p.account_id where p.id = ${id}`;
  if (!p) return undefined;
  const states = await sql<{ state: ArticleState; n: number }[]>`
    select ${stateOf(sql)} as state, count(*)::int as n from articles where project_id = ${id} group by 1`;
  const statuses = await sql<{ status: (typeof DELIVERY_STATUSES)[number]; n: number }[]>`
    select status, count(*)::int as n from webhook_deliveries where project_id = ${id} group by 1`;
  return {
    ...p,
    articles: Object.fromEntries(ARTICLE_STATES.map((s) => [s, states.find((r) => r.state === s)?.n ?? 0])) as ProjectDetail['articles'],
    deliveries: Object.fromEntries(
      DELIVERY_STATUSES.map((s) => [s, statuses.find((r) => r.status === s)?.n ?? 0]),
    ) as ProjectDetail['deliveries'],
  };
}

export interface ArticleListRow {
  id: string;
  slug: string;
  title: string;
  state: ArticleState;
  noindex: boolean;
  redirect_to: string | null;
  published_at: Date;
  updated_at: Date;
}

/** A project's articles in every state (or one), most recently changed first. */
export function listProjectArticles(sql: Sql, q: { projectId: string; state?: ArticleState; limit: number }) {
  const state = q.state ? sql`and ${stateOf(sql)} = ${q.state}` : sql``;
  return sql<ArticleListRow[]>`
    select id, slug, title, ${stateOf(sql)} as state, noindex, redirect_to, published_at, updated_at
    from articles where project_id = ${q.projectId} ${state}
    order by updated_at desc, id desc limit ${q.limit}`;
}

/** The state of one article, as `article list` shows it. */
export async function articleState(sql: Sql, projectId: string, slug: string): Promise<ArticleState | undefined> {
  const [row] = await sql<
    { state: ArticleState }[]
  >`select ${stateOf(sql)} as state from articles where project_id = ${projectId} and slug = ${slug}`;
  return row?.state;
}

export interface DeliveryFilter {
  projectId?: string;
  status?: (typeof DELIVERY_STATUSES)[number];
  /** An article slug (within the project, or any project's). */
  article?: string;
  eventType?: string;
  since?: Date;
  limit: number;
}

export interface DeliveryRow {
  id: string;
  project_id: string;
  article_id: string | null;
  article_slug: string | null;
  event_type: string;
  sequence: string | null;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** Webhook deliveries, newest first, filtered by any of project, status, article, event type and creation time. */
export function listDeliveriesWhere(sql: Sql, f: DeliveryFilter) {
  const conditions = [
    f.projectId ? sql`d.project_id = ${f.projectId}` : undefined,
    f.status ? sql`d.status = ${f.status}` : undefined,
    f.article ? sql`a.slug = ${f.article}` : undefined,
    f.eventType ? sql`d.event_type = ${f.eventType}` : undefined,
    f.since ? sql`d.created_at >= ${f.since}` : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? conditions.reduce((acc, c, i) => (i === 0 ? sql`where ${c}` : sql`${acc} and ${c}`), sql``) : sql``;
  return sql<DeliveryRow[]>`
    select d.id, d.project_id, d.article_id, a.slug as article_slug, d.event_type, d.sequence::text as sequence, d.status, d.attempts, d.last_status,
      d.last_error, d.next_attempt_at, d.created_at, d.delivered_at
    from webhook_deliveries d left join articles a on a.id = d.article_id ${where}
    order by d.created_at desc, d.id desc limit ${f.limit}`;
}
