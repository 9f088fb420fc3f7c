// Announces trial sign-ups to the team: each new row of the signups outbox becomes one `signup.created` message to
// SKRIBRA_SIGNUP_WEBHOOK_URL, signed with SKRIBRA_SIGNUP_WEBHOOK_SECRET the Standard Webhooks way and sent through the
// SSRF guard (send-message.ts), as the customers' webhooks are. A failed attempt is retried on the same schedule
// (retry-schedule.ts), with the same webhook-id. The sign-up endpoint sends a new one at once; the local origin's
// timer and a scheduled Netlify function (functions/signup-announce.mts) send what is due.
import type { Sql } from 'postgres';
import { repeat } from '../../model/core/repeat.ts';
import type { Config } from '../../model/config.ts';
import { claimDueSignups, markAnnounced, markAnnounceFailed, type ClaimedSignup } from '../../store/repos/signups.ts';
import { RETRY_SCHEDULE_MS, nextDelay } from './retry-schedule.ts';
import { describeOutcome, isSuccess, sendMessage, SEND_TIMEOUT_MS } from './send-message.ts';
import { policyFromEnv, type Resolver, type TargetPolicy } from './vet-target.ts';

export const SIGNUP_EVENT = 'signup.created';

export type AnnounceConfig = Pick<
  Config,
  'SKRIBRA_SIGNUP_WEBHOOK_URL' | 'SKRIBRA_SIGNUP_WEBHOOK_SECRET' | 'SKRIBRA_WEBHOOK_ALLOW_HTTP' | 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE'
>;

export interface AnnounceOptions {
  config: AnnounceConfig;
  /** Only these sign-ups (the first send right after one is stored). */
  ids?: string[];
  schedule?: readonly number[];
  policy?: TargetPolicy;
  resolver?: Resolver;
  timeoutMs?: number;
  /** No new round is started after this long (a scheduled function has 30 s in all). */
  budgetMs?: number;
}

export interface AnnounceResult {
  id: string;
  attempts: number;
  status: 'delivered' | 'pending' | 'failed';
  error?: string;
}

/** The message's body: the sign-up as the team needs it. */
export const announcementBody = (s: ClaimedSignup, at = new Date()): string =>
  JSON.stringify({
    type: SIGNUP_EVENT,
    timestamp: at.toISOString(),
    data: { id: s.id, email: s.email, site_url: s.site_url, plan: s.plan, created_at: s.created_at.toISOString() },
  });

/** Why announcements cannot go out with this config, or undefined when they can. */
export function announceOff(config: AnnounceConfig): string | undefined {
  if (!config.SKRIBRA_SIGNUP_WEBHOOK_URL) return 'SKRIBRA_SIGNUP_WEBHOOK_URL is not set';
  if (!config.SKRIBRA_SIGNUP_WEBHOOK_SECRET) return 'SKRIBRA_SIGNUP_WEBHOOK_SECRET is not set (the announcement is signed)';
  return undefined;
}

/** Sends the due announcements (or `ids`) round by round; without a configured URL and secret, sends nothing. */
export async function announceDueSignups(sql: Sql, o: AnnounceOptions): Promise<AnnounceResult[]> {
  if (announceOff(o.config)) return [];
  const url = o.config.SKRIBRA_SIGNUP_WEBHOOK_URL!;
  const secret = o.config.SKRIBRA_SIGNUP_WEBHOOK_SECRET!;
  const timeoutMs = o.timeoutMs ?? SEND_TIMEOUT_MS;
  const policy = o.policy ?? policyFromEnv(o.config);
  const started = Date.now();
  const results: AnnounceResult[] = [];
  for (;;) {
    const claimed = await claimDueSignups(sql, { limit: 8, leaseMs: timeoutMs + 45_000, ids: o.ids });
    if (!claimed.length) break;
    for (const s of claimed) {
      const out = await sendMessage(url, [secret], `msg_${s.id}`, announcementBody(s), { policy, resolver: o.resolver, timeoutMs });
      if (isSuccess(out)) {
        await markAnnounced(sql, s.id);
        results.push({ id: s.id, attempts: s.announce_attempts, status: 'delivered' });
        continue;
      }
      const error = describeOutcome(out);
      const delay = nextDelay(s.announce_attempts, o.schedule ?? RETRY_SCHEDULE_MS, out.status, out.retryAfter);
      await markAnnounceFailed(sql, s.id, error, delay);
      results.push({ id: s.id, attempts: s.announce_attempts, status: delay === undefined ? 'failed' : 'pending', error });
    }
    if (o.ids || (o.budgetMs !== undefined && Date.now() - started >= o.budgetMs)) break;
  }
  return results;
}

/** One line per attempt for logs. */
export const describeAnnouncement = (r: AnnounceResult): string =>
  `signup ${r.id} announcement attempt ${r.attempts} -> ${r.status}${r.error ? `: ${r.error}` : ''}`;

/** The local origin's timer: due announcements every `intervalMs`, one run at a time. */
export function startSignupAnnouncer(
  sql: Sql,
  o: AnnounceOptions & { intervalMs: number; log?: (line: string) => void },
): { stop(): Promise<void> } {
  const log = o.log ?? ((line: string) => console.log(line));
  return repeat(o.intervalMs, () =>
    announceDueSignups(sql, o)
      .then((results) => results.forEach((r) => log(describeAnnouncement(r))))
      .catch((err: unknown) => log(`signup announcer: ${(err as Error).message}`)),
  );
}
