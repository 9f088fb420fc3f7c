// The delivery worker: claims due deliveries, sends each once, records the outcome. The local origin runs it on
// a timer, Netlify from a scheduled function (retries) and a background function (first sends), the CLI right
// after a publish; all of them call this, and the claim keeps them from sending one delivery twice at once.
import type { Sql } from 'postgres';
import { claimDue, disableEndpoint, markDelivered, markFailedAttempt, type ClaimedDelivery } from '../../store/repos/deliveries.ts';
import { RETRY_SCHEDULE_MS, nextDelay } from './retry-schedule.ts';
import { describeOutcome, isSuccess, sendMessage, SEND_TIMEOUT_MS, type AttemptOutcome } from './send-message.ts';
import { policyFromEnv, type Resolver, type TargetPolicy } from './vet-target.ts';
import { openSecret, secretsKey } from './secret-box.ts';
import type { Config } from '../../model/config.ts';

/** What the worker reads of the entry point's config: the secrets key, and the target policy unless `policy` is given. */
export type WorkerConfig = Pick<Config, 'SKRIBRA_SECRETS_KEY' | 'SKRIBRA_WEBHOOK_ALLOW_HTTP' | 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE'>;

export interface WorkerOptions {
  /** The config the entry point read. */
  config: WorkerConfig;
  /** Waits after each failed attempt; defaults to Standard Webhooks' (tests pass milliseconds). */
  schedule?: readonly number[];
  policy?: TargetPolicy;
  resolver?: Resolver;
  timeoutMs?: number;
  /** How long a claim holds before another worker may take the delivery over; above timeout + DNS. */
  leaseMs?: number;
  /** Deliveries sent at once per round. */
  batch?: number;
  /** Only these deliveries (a first send right after publishing, a redelivery). */
  ids?: string[];
  /** No new round is started after this long (a scheduled function has 30 s in all). */
  budgetMs?: number;
  /** Stops claiming new rounds; attempts in flight finish (the first phase of a shutdown). */
  drain?: AbortSignal;
  /** Stops claiming and aborts attempts in flight (their attempt is recorded as failed and retried later). */
  signal?: AbortSignal;
}

export interface DeliveryResult {
  id: string;
  project_id: string;
  event_type: string;
  attempts: number;
  /** What the row says after this attempt. */
  status: 'delivered' | 'pending' | 'failed';
  http_status?: number;
  error?: string;
  /** Milliseconds until the next try, when pending. */
  retry_in_ms?: number;
  endpoint_disabled?: boolean;
}

/** What every attempt of one run shares, resolved once from the options and the config. */
interface RunSettings {
  schedule: readonly number[];
  config: WorkerConfig;
  policy: TargetPolicy;
  timeoutMs: number;
}

async function attempt(
  sql: Sql,
  d: ClaimedDelivery,
  o: WorkerOptions,
  { schedule, config, policy, timeoutMs }: RunSettings,
): Promise<DeliveryResult> {
  const base = { id: d.id, project_id: d.project_id, event_type: d.event_type, attempts: d.attempts };
  // The endpoint may have been removed or retired since the row was queued: nothing to send to, ever.
  const gone =
    !d.webhook_url || !d.webhook_secret
      ? 'no endpoint is configured for the project'
      : d.webhook_disabled_at
        ? `the endpoint is disabled (${d.webhook_disabled_reason ?? 'by a 410 Gone'}); set it again to re-enable`
        : undefined;
  if (gone) {
    await markFailedAttempt(sql, d, undefined, gone, undefined);
    return { ...base, status: 'failed', error: gone };
  }
  // Read at each attempt, as a bad key is this delivery's error (an idle worker says nothing).
  const key = secretsKey(config.SKRIBRA_SECRETS_KEY);
  const secrets = [d.webhook_secret!, ...(d.previous_secret ? [d.previous_secret] : [])].map((s) => openSecret(s, key));
  const out: AttemptOutcome = await sendMessage(d.webhook_url!, secrets, d.id, d.payload, {
    policy,
    resolver: o.resolver,
    timeoutMs,
    signal: o.signal,
  });
  if (isSuccess(out)) {
    await markDelivered(sql, d.id, out.status!);
    return { ...base, status: 'delivered', http_status: out.status };
  }
  const error = describeOutcome(out);
  if (out.status === 410) {
    await disableEndpoint(sql, d.project_id, `410 Gone from ${d.webhook_url} on ${new Date().toISOString()}`);
    const why = `${error}: the endpoint is now disabled`;
    await markFailedAttempt(sql, d, out.status, why, undefined);
    return { ...base, status: 'failed', http_status: 410, error: why, endpoint_disabled: true };
  }
  // The schedule counts the attempts since the delivery was last queued again (a redelivery starts it afresh).
  const delay = nextDelay(d.attempts - (d.schedule_from ?? 0), schedule, out.status, out.retryAfter);
  await markFailedAttempt(sql, d, out.status, error, delay);
  return {
    ...base,
    status: delay === undefined ? 'failed' : 'pending',
    ...(out.status ? { http_status: out.status } : {}),
    error,
    ...(delay === undefined ? {} : { retry_in_ms: delay }),
  };
}

/** Runs rounds of due deliveries until none is due (or the budget is spent); returns what each attempt did. */
export async function runDueDeliveries(sql: Sql, o: WorkerOptions): Promise<DeliveryResult[]> {
  const { config } = o;
  const timeoutMs = o.timeoutMs ?? SEND_TIMEOUT_MS;
  const settings: RunSettings = { schedule: o.schedule ?? RETRY_SCHEDULE_MS, config, policy: o.policy ?? policyFromEnv(config), timeoutMs };
  const leaseMs = o.leaseMs ?? timeoutMs + 45_000;
  const started = Date.now();
  const results: DeliveryResult[] = [];
  for (;;) {
    if (o.signal?.aborted || o.drain?.aborted) break;
    const claimed = await claimDue(sql, { limit: o.batch ?? 8, leaseMs, ids: o.ids });
    if (!claimed.length) break;
    results.push(...(await Promise.all(claimed.map((d) => attempt(sql, d, o, settings)))));
    if (o.ids || (o.budgetMs !== undefined && Date.now() - started >= o.budgetMs)) break;
  }
  return results;
}

/** One line per attempt for logs: `msg_… article.published -> delivered (HTTP 204)`. */
export const describeResult = (r: DeliveryResult) =>
  `webhook ${r.id} ${r.event_type} attempt ${r.attempts} -> ${r.status}${r.http_status ? ` (HTTP ${r.http_status})` : ''}${r.error && r.status !== 'delivered' ? `: ${r.error}` : ''}${r.retry_in_ms !== undefined ? `; next try in ${Math.round(r.retry_in_ms / 1000)} s` : ''}`;
