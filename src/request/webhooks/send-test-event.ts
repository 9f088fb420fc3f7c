// `skribra webhook test`: one signed test message (`webhook.test`, or an example of a lifecycle event) to the project's endpoint, now, outside the
// outbox (no retries, nothing recorded): the operator sees the outcome at once.
import type { Sql } from 'postgres';
import { newId } from '../../store/ids.ts';
import type { ArticleEvent } from '../../model/schemas/webhook-events.ts';
import { exampleEvent } from './example-event.ts';
import { openSecret, secretsKey } from './secret-box.ts';
import type { Config } from '../../model/config.ts';
import { describeOutcome, isSuccess, sendMessage, type SendOptions } from './send-message.ts';

export interface TestOutcome {
  project_id: string;
  url: string | null;
  webhook_id: string | null;
  /** The event type sent. */
  event: string;
  ok: boolean;
  http_status?: number;
  error?: string;
  ms?: number;
}

/**
 * Without `event`, a `webhook.test` message; with one, an example of that event (the example article, sequence 1),
 * so a receiver can be tried against every type it handles.
 */
export async function sendTestEvent(
  sql: Sql,
  projectId: string,
  opts: SendOptions & { event?: ArticleEvent; config: Pick<Config, 'SKRIBRA_SECRETS_KEY'> },
): Promise<TestOutcome | undefined> {
  const [p] = await sql<
    { webhook_url: string | null; webhook_secret: string | null; previous: string | null; disabled: string | null; account_id: string }[]
  >`
    select webhook_url, webhook_secret, webhook_disabled_reason as disabled, account_id,
      case when webhook_previous_secret_until > now() then webhook_previous_secret end as previous
    from projects where id = ${projectId}`;
  if (!p) return undefined;
  if (!p.webhook_url || !p.webhook_secret)
    return {
      project_id: projectId,
      url: null,
      webhook_id: null,
      event: opts.event ?? 'webhook.test',
      ok: false,
      error: 'no endpoint is configured for the project',
    };
  const id = newId('msg');
  const body = JSON.stringify(
    opts.event
      ? exampleEvent(opts.event, { projectId, accountId: p.account_id, sequence: 1, timestamp: new Date() })
      : {
          type: 'webhook.test',
          timestamp: new Date().toISOString(),
          data: { project_id: projectId, message: 'A test event from Skribra: your endpoint is reachable and can verify the signature.' },
        },
  );
  // The key of the config the CLI read, checked only when there is a secret to open.
  const key = secretsKey(opts.config.SKRIBRA_SECRETS_KEY);
  const secrets = [p.webhook_secret, ...(p.previous ? [p.previous] : [])].map((s) => openSecret(s, key));
  const out = await sendMessage(p.webhook_url, secrets, id, body, opts);
  const ok = isSuccess(out);
  return {
    project_id: projectId,
    url: p.webhook_url,
    webhook_id: id,
    event: opts.event ?? 'webhook.test',
    ok,
    ...(out.status !== undefined ? { http_status: out.status } : {}),
    ...(ok ? {} : { error: describeOutcome(out) + (p.disabled ? ` (note: publish deliveries are disabled: ${p.disabled})` : '') }),
    ms: out.ms,
  };
}
