// `skribra webhook test`: one signed `webhook.test` message to the project's endpoint, now, outside the
// outbox (no retries, nothing recorded): the operator sees the outcome at once.
import type { Sql } from 'postgres';
import { newId } from '../store/ids.ts';
import { describeOutcome, isSuccess, sendMessage, type SendOptions } from './send-message.ts';

export interface TestOutcome {
  project_id: string; url: string | null; webhook_id: string | null;
  ok: boolean; http_status?: number; error?: string; ms?: number;
}

export async function sendTestEvent(sql: Sql, projectId: string, opts: SendOptions): Promise<TestOutcome | undefined> {
  const [p] = await sql<{ webhook_url: string | null; webhook_secret: string | null; previous: string | null; disabled: string | null }[]>`
    select webhook_url, webhook_secret, webhook_disabled_reason as disabled,
      case when webhook_previous_secret_until > now() then webhook_previous_secret end as previous
    from projects where id = ${projectId}`;
  if (!p) return undefined;
  if (!p.webhook_url || !p.webhook_secret) return { project_id: projectId, url: null, webhook_id: null, ok: false, error: 'no endpoint is configured for the project' };
  const id = newId('msg');
  const body = JSON.stringify({
    type: 'webhook.test',
    timestamp: new Date().toISOString(),
    data: { project_id: projectId, message: 'A test event from Skribra: your endpoint is reachable and can verify the signature.' },
  });
  const out = await sendMessage(p.webhook_url, [p.webhook_secret, ...(p.previous ? [p.previous] : [])], id, body, opts);
  const ok = isSuccess(out);
  return {
    project_id: projectId, url: p.webhook_url, webhook_id: id, ok,
    ...(out.status !== undefined ? { http_status: out.status } : {}),
    ...(ok ? {} : { error: describeOutcome(out) + (p.disabled ? ` (note: publish deliveries are disabled: ${p.disabled})` : '') }),
    ms: out.ms,
  };
}
