// A project's webhook endpoint: URL, signing secret, rotation and the 410 mark. The secret is made with the first
// endpoint and kept while the URL stays; a new URL gets a new secret. Rotation issues a new one and keeps signing
// with the old one too for 24 hours, so a receiver can switch without dropping a message.
import type { Sql } from 'postgres';
import { newWebhookSecret } from '../../store/ids.ts';
import { inTx } from '../../store/tx.ts';
import type { Config } from '../../model/config.ts';
import { openSecret, sealSecret, secretsKey } from './secret-box.ts';
import type { ArticleEvent } from '../../model/schemas/webhook-events.ts';

export const ROTATION_OVERLAP_MS = 24 * 3600e3;

export interface EndpointChange {
  url?: string;
  off?: boolean;
  rotateSecret?: boolean;
  /** The lifecycle events to send; null: the default (`article.published` once per article); undefined: unchanged. */
  events?: ArticleEvent[] | null;
}
export interface EndpointState {
  project_id: string;
  url: string | null;
  secret: string | null;
  /** Until when the previous secret also signs, after a rotation. */
  previous_secret_until: string | null;
  /** The subscribed events; null is the default (`article.published`, once per article, on its first publish). */
  events: ArticleEvent[] | null;
  rotated: boolean;
}

export class EndpointError extends Error {}

/**
 * Undefined when there is no such project. Setting a URL (even the same one) re-enables an endpoint disabled by 410.
 * Secrets are sealed under the entry point's SKRIBRA_SECRETS_KEY (`config`).
 */
export function configureEndpoint(
  sql: Sql,
  projectId: string,
  change: EndpointChange,
  config: Pick<Config, 'SKRIBRA_SECRETS_KEY'>,
): Promise<EndpointState | undefined> {
  const key = secretsKey(config.SKRIBRA_SECRETS_KEY);
  return inTx(sql, async (tx) => {
    const [p] = await tx<
      {
        webhook_url: string | null;
        webhook_secret: string | null;
        webhook_previous_secret_until: Date | null;
        webhook_events: ArticleEvent[] | null;
      }[]
    >`
      select webhook_url, webhook_secret, webhook_previous_secret_until, webhook_events from projects where id = ${projectId} for update`;
    if (!p) return undefined;
    if (change.off) {
      await tx`update projects set webhook_url = null, webhook_secret = null, webhook_previous_secret = null,
        webhook_previous_secret_until = null, webhook_disabled_at = null, webhook_disabled_reason = null, webhook_events = null,
        updated_at = now() where id = ${projectId}`;
      return { project_id: projectId, url: null, secret: null, previous_secret_until: null, rotated: false, events: null };
    }
    const url = change.url ?? p.webhook_url;
    if (!url) throw new EndpointError('the project has no webhook endpoint yet: give --url');
    const rotate = Boolean(change.rotateSecret && p.webhook_secret);
    // A new URL is a new receiver: it gets a secret of its own, and the old one stops signing at once (a secret that
    // signed for one host must not sign for another).
    const moved = Boolean(change.url && p.webhook_url && change.url !== p.webhook_url);
    const fresh = !p.webhook_secret || rotate || moved;
    const secret = fresh ? newWebhookSecret() : openSecret(p.webhook_secret!, key);
    const until = rotate ? new Date(Date.now() + ROTATION_OVERLAP_MS) : moved ? null : p.webhook_previous_secret_until;
    const events = change.events === undefined ? p.webhook_events : change.events;
    // Stored sealed (secret-box.ts); a kept secret keeps its stored form.
    await tx`update projects set webhook_url = ${url}, webhook_secret = ${fresh ? sealSecret(secret, key) : p.webhook_secret}, webhook_events = ${events},
      webhook_previous_secret = ${rotate ? p.webhook_secret : moved ? null : tx`webhook_previous_secret`},
      webhook_previous_secret_until = ${until}, webhook_disabled_at = null, webhook_disabled_reason = null, updated_at = now()
      where id = ${projectId}`;
    const live = until && until.getTime() > Date.now() ? until.toISOString() : null;
    return { project_id: projectId, url, secret, previous_secret_until: live, rotated: rotate || moved, events };
  });
}
