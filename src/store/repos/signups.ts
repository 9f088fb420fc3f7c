// The signups table (migration 012): trial sign-ups from the site's form, one per email address, each row also the
// outbox of its announcement to the team (claimed FOR UPDATE SKIP LOCKED, so two workers never send one at once).
import type { Sql } from 'postgres';
import { newId } from '../ids.ts';
import { storedError } from './deliveries.ts';

export type AnnounceStatus = 'pending' | 'delivered' | 'failed';

export interface SignupRow {
  id: string;
  email: string;
  site_url: string;
  plan: string | null;
  repeats: number;
  created_at: Date;
  last_request_at: Date;
  announce_status: AnnounceStatus;
  announce_attempts: number;
  announce_error: string | null;
  announced_at: Date | null;
}

export interface NewSignup {
  email: string;
  site_url: string;
  plan: string | null;
}

const ms = (sql: Sql, n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/**
 * Stores a sign-up, or counts a repeat of the same address (case-insensitively) without changing the first one:
 * `created` says which. The first request's site and plan stay what the team answers.
 */
export async function saveSignup(sql: Sql, s: NewSignup): Promise<{ id: string; created: boolean }> {
  const [row] = await sql<{ id: string; created: boolean }[]>`
    insert into signups (id, email, email_key, site_url, plan)
    values (${newId('sgn')}, ${s.email}, ${s.email.toLowerCase()}, ${s.site_url}, ${s.plan})
    on conflict (email_key) do update set repeats = signups.repeats + 1, last_request_at = now()
    returning id, (xmax = 0) as created`;
  return row!;
}

/** Sign-ups, oldest first, optionally since a time; at most `limit`. */
export function listSignups(sql: Sql, o: { since?: Date; limit?: number } = {}): Promise<SignupRow[]> {
  const since = o.since ? sql`where created_at >= ${o.since}` : sql``;
  const limit = o.limit === undefined ? sql`` : sql`limit ${o.limit}`;
  return sql<SignupRow[]>`
    select id, email, site_url, plan, repeats, created_at, last_request_at, announce_status, announce_attempts,
      announce_error, announced_at
    from signups ${since} order by created_at, id ${limit}`;
}

/** A claimed announcement: the sign-up and the attempt this is (1-based). */
export type ClaimedSignup = Pick<SignupRow, 'id' | 'email' | 'site_url' | 'plan' | 'created_at' | 'announce_attempts'>;

/** Claims due announcements (all due, or only `ids`), holding each for `leaseMs`. */
export function claimDueSignups(sql: Sql, o: { limit: number; leaseMs: number; ids?: string[] }): Promise<ClaimedSignup[]> {
  const only = o.ids ? sql`and id = any(${o.ids})` : sql``;
  return sql<ClaimedSignup[]>`
    with due as (
      select id from signups
      where announce_status = 'pending' and announce_next_at <= now() ${only}
      order by announce_next_at, id
      limit ${o.limit}
      for update skip locked
    )
    update signups s set announce_attempts = s.announce_attempts + 1, announce_next_at = now() + ${ms(sql, o.leaseMs)}
    from due where s.id = due.id
    returning s.id, s.email, s.site_url, s.plan, s.created_at, s.announce_attempts`;
}

export async function markAnnounced(sql: Sql, id: string): Promise<void> {
  await sql`update signups set announce_status = 'delivered', announced_at = now(), announce_error = null where id = ${id}`;
}

/** A failed attempt: due again after `delayMs`, or failed for good when that is undefined. */
export async function markAnnounceFailed(sql: Sql, id: string, error: string, delayMs: number | undefined): Promise<void> {
  await sql`update signups set announce_error = ${storedError(error)},
    announce_status = ${delayMs === undefined ? 'failed' : 'pending'},
    announce_next_at = now() + ${ms(sql, delayMs ?? 0)}
    where id = ${id}`;
}
