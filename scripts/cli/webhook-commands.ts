// The publish webhook's operator commands: endpoint and secret, redelivery and a test event (the delivery log,
// `webhook deliveries`, is in list-commands.ts).
import type { Sql } from 'postgres';
import type { Config } from '../../src/model/config.ts';
import { configureEndpoint, EndpointError } from '../../src/request/webhooks/configure-endpoint.ts';
import { requeueDelivery } from '../../src/store/repos/deliveries.ts';
import { runDueDeliveries, type DeliveryResult } from '../../src/request/webhooks/run-deliveries.ts';
import { sendTestEvent } from '../../src/request/webhooks/send-test-event.ts';
import { policyFromEnv, vetTarget } from '../../src/request/webhooks/vet-target.ts';
import { httpUrl, NotFoundError, required, UsageError } from './args.ts';
import type { Command } from './command.ts';
import { projectOption } from './common-options.ts';
import { ARTICLE_EVENTS, type ArticleEvent } from '../../src/model/schemas/webhook-events.ts';

/**
 * The first attempt of a delivery, in this process, right away (bounded by the 15 s send timeout). If another
 * worker (the origin's timer) already holds it, or this attempt fails, the origin's worker carries on.
 */
export async function sendNow(sql: Sql, deliveryId: string, config: Config): Promise<Record<string, unknown>> {
  const [r] = await runDueDeliveries(sql, { config, ids: [deliveryId] });
  return r ? outcome(r) : { delivery_id: deliveryId, status: 'pending', note: 'another worker is sending it' };
}

function outcome(r: DeliveryResult): Record<string, unknown> {
  return {
    delivery_id: r.id,
    status: r.status,
    attempts: r.attempts,
    ...(r.http_status ? { http_status: r.http_status } : {}),
    ...(r.error && r.status !== 'delivered' ? { error: r.error } : {}),
    ...(r.retry_in_ms !== undefined ? { next_attempt_at: new Date(Date.now() + r.retry_in_ms).toISOString() } : {}),
  };
}

export function describeSend(w: Record<string, unknown> | undefined): string {
  if (!w) return 'webhook: none (the project has no endpoint)';
  if (w.status === 'delivered') return `webhook ${w.delivery_id}: delivered (HTTP ${w.http_status})`;
  const next = w.next_attempt_at ? `; next try ${w.next_attempt_at}` : '';
  return `webhook ${w.delivery_id}: ${w.status}${w.error ? ` (${w.error})` : w.note ? ` (${w.note})` : ''}${next}`;
}

/** `--events`: a comma-separated list of lifecycle events, `all`, or `default` (null: the spec's default). */
export function parseEvents(value: string): ArticleEvent[] | null {
  if (value === 'default') return null;
  if (value === 'all') return [...ARTICLE_EVENTS];
  const names = [
    ...new Set(
      value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((e) => !(ARTICLE_EVENTS as readonly string[]).includes(e));
  if (!names.length || unknown.length) {
    throw new UsageError(
      `--events: ${unknown.length ? `unknown event ${unknown.join(', ')}` : 'no event given'} (expected any of ${ARTICLE_EVENTS.join(', ')}, comma-separated, or all, or default)`,
    );
  }
  return ARTICLE_EVENTS.filter((e) => names.includes(e));
}

/** A command's human line, plus the outcome of the webhook delivery it sent, when it sent one. */
export const withWebhook = (line: string, r: Record<string, unknown>) =>
  r.webhook ? `${line}\n${describeSend(r.webhook as Record<string, unknown>)}` : line;

export const webhookCommands: Record<string, Command> = {
  'project webhook': {
    options: {
      project: projectOption,
      url: { type: 'string', value: 'U', help: 'The endpoint: an https URL (http and private addresses: see SKRIBRA_WEBHOOK_ALLOW_*).' },
      'rotate-secret': { type: 'boolean', help: 'Issues a new signing secret; the old one also signs for 24 hours.' },
      events: { type: 'string', value: 'E,...', help: 'The lifecycle events it hears of: a comma-separated list, all, or default.' },
      off: { type: 'boolean', help: 'Removes the endpoint (alone).' },
    },
    help: [
      'Sets the webhook endpoint (re-enabling one a 410 disabled) and prints its signing secret (whsec_...).',
      'The secret is made with the first endpoint and kept while the URL stays; a new URL gets a new secret (the old',
      'one stops signing at once). --rotate-secret issues a new one;',
      'for 24 hours every message is signed with both, so the receiver can switch over. --off removes the endpoint.',
      `--events subscribes it to lifecycle events: any of ${ARTICLE_EVENTS.join(', ')}, comma-separated, or all;`,
      '--events default goes back to the default: article.published once per article, when it is first published.',
      'Give at least one of --url, --rotate-secret and --events, or --off alone.',
    ].join('\n'),
    async run(sql, p, config) {
      const id = required(p, 'project');
      const off = p.flags.has('off');
      const rotateSecret = p.flags.has('rotate-secret');
      const url = p.flags.has('url') ? httpUrl(required(p, 'url'), 'url') : undefined;
      const events = p.flags.has('events') ? parseEvents(required(p, 'events')) : undefined;
      if (!off && !url && !rotateSecret && events === undefined)
        throw new UsageError('give --url U, --rotate-secret, --events E,... or --off');
      if (off && (url || rotateSecret || events !== undefined))
        throw new UsageError('--off takes none of --url, --rotate-secret and --events');
      let warning: string | undefined;
      if (url) {
        // The guard runs again at every send (DNS can change); this catches a wrong URL now.
        const vet = await vetTarget(url, policyFromEnv(config));
        if (!vet.ok && !vet.reason.startsWith('cannot resolve')) throw new UsageError(`refused --url: ${vet.reason}`);
        if (!vet.ok) warning = vet.reason;
      }
      let r: Awaited<ReturnType<typeof configureEndpoint>>;
      try {
        r = await configureEndpoint(sql, id, { url, off, rotateSecret, events }, config);
      } catch (err) {
        if (err instanceof EndpointError) throw new UsageError(err.message);
        throw err;
      }
      if (!r) throw new NotFoundError(`No project ${id}.`);
      return { ...r, ...(warning ? { warning } : {}) };
    },
    human: (r) =>
      !r.url
        ? `webhook removed from ${r.project_id}`
        : [
            `webhook ${r.url}`,
            `secret ${r.secret}${r.rotated ? '  (new)' : ''}`,
            `events ${r.events ? (r.events as string[]).join(', ') : 'default (article.published, once per article)'}`,
            ...(r.previous_secret_until ? [`the previous secret also signs until ${r.previous_secret_until}`] : []),
            ...(r.warning ? [`warning: ${r.warning}`] : []),
          ].join('\n'),
  },
  'webhook redeliver': {
    options: { delivery: { type: 'string', value: 'ID', required: true, help: 'The delivery (msg_..., from webhook deliveries).' } },
    help: 'Queues a pending or failed delivery again with a fresh retry schedule (same webhook-id and body) and tries it now; its attempts so far stay counted, and each new one adds to them. A delivered one is never sent again.',
    async run(sql, p, config) {
      const id = required(p, 'delivery');
      const r = await requeueDelivery(sql, id);
      if (!r) throw new NotFoundError(`No delivery ${id}.`);
      if (r.status === 'delivered') throw new UsageError(`${id} was already delivered (a 2xx came back); it is never sent again`);
      if (r.status === 'sending') throw new UsageError(`${id} is being sent right now; see webhook deliveries`);
      return sendNow(sql, id, config);
    },
    human: (r) => `${describeSend(r)}${r.attempts ? ` (attempt ${r.attempts}; the earlier ones stay counted)` : ''}`,
  },
  'webhook test': {
    options: {
      project: projectOption,
      event: { type: 'string', value: 'TYPE', help: `Sends an example of this lifecycle event (${ARTICLE_EVENTS.join(', ')}).` },
    },
    help: `Sends a signed webhook.test event to the project's endpoint now and prints the outcome (no retries, not logged as a delivery). --event sends an example of a lifecycle event instead (${ARTICLE_EVENTS.join(', ')}), whatever the endpoint subscribes to.`,
    async run(sql, p, config) {
      const id = required(p, 'project');
      const event = p.flags.has('event') ? parseEvents(required(p, 'event')) : undefined;
      if (event !== undefined && event?.length !== 1) throw new UsageError(`--event takes one of ${ARTICLE_EVENTS.join(', ')}`);
      const r = await sendTestEvent(sql, id, { config, policy: policyFromEnv(config), ...(event ? { event: event[0] } : {}) });
      if (!r) throw new NotFoundError(`No project ${id}.`);
      // A failed test exits 1, so scripts can check an endpoint.
      if (!r.ok) throw new Error(`webhook.test to ${r.url ?? '(no endpoint)'} failed: ${r.error}`);
      return r as unknown as Record<string, unknown>;
    },
    human: (r) => `${r.event} ${r.webhook_id} -> ${r.url}: HTTP ${r.http_status} in ${r.ms} ms`,
  },
};
