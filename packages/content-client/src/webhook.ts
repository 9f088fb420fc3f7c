// Verifies a publish webhook delivery (Standard Webhooks v1) with WebCrypto: no node:crypto, so it runs on Node 20+,
// Deno, Bun and edge runtimes. Pass the raw body exactly as received: re-serialised JSON does not verify.
import type { WebhookPayload } from './generated/api-types.ts';

export class WebhookVerificationError extends Error {
  readonly code: 'missing_headers' | 'bad_secret' | 'timestamp_out_of_range' | 'invalid_signature' | 'invalid_payload';
  constructor(code: WebhookVerificationError['code'], message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * Checks `webhook-id`, `webhook-timestamp` (within `toleranceSeconds` of now, default 5 minutes, against replays)
 * and `webhook-signature` (any `v1,` entry signed with `secret`, the `whsec_...` value from project settings), then
 * returns the parsed payload. Throws WebhookVerificationError otherwise. During a secret rotation pass the new
 * secret; deliveries carry a signature for each.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  opts: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookPayload> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing_headers', 'Missing webhook-id, webhook-timestamp or webhook-signature header.');
  const sent = Number(timestamp);
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - sent) > (opts.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError(
      'timestamp_out_of_range',
      'The webhook timestamp is too old or too new (a replay, or a wrong clock).',
    );
  }
  let keyBytes: Uint8Array;
  try {
    keyBytes = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  } catch {
    throw new WebhookVerificationError('bad_secret', 'The secret is not a whsec_ value.');
  }
  const key = await crypto.subtle.importKey('raw', keyBytes as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(' ')) {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) continue;
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(sig);
    } catch {
      continue;
    }
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, bytes as BufferSource, signed)) {
      try {
        return JSON.parse(body) as WebhookPayload;
      } catch {
        throw new WebhookVerificationError('invalid_payload', 'The signed body is not JSON.');
      }
    }
  }
  throw new WebhookVerificationError('invalid_signature', 'No webhook-signature entry matches this secret.');
}
