// The Standard Webhooks headers of one attempt. The id stays the same on every retry; the timestamp and the
// signatures are made fresh, so a receiver's replay window measures the attempt, not the event.
import { Webhook } from 'standardwebhooks';

export const USER_AGENT = 'Skribra-Webhooks/1.0 (+https://skribra.com/docs/webhooks/)';

/**
 * `secrets` is the current secret first, then the previous one while a rotation's 24 h overlap lasts: one
 * `v1,<base64>` entry each, space-separated, so a receiver holding either secret accepts the message.
 */
export function signHeaders(id: string, body: string, secrets: string[], at = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' '),
  };
}
