// One attempt at one message: guard the target, sign, POST to the vetted address. Shared by the delivery
// worker and `skribra webhook test`.
import { postPinned, type HttpOutcome } from './post-pinned.ts';
import { signHeaders } from './sign-headers.ts';
import { systemResolver, vetTarget, type Resolver, type TargetPolicy } from './vet-target.ts';

export interface SendOptions {
  policy: TargetPolicy;
  resolver?: Resolver;
  /** Success is a 2xx within this; Standard Webhooks and our docs say 15 s. */
  timeoutMs?: number;
  /** Aborts an attempt in flight (the worker is stopping). */
  signal?: AbortSignal;
}

export type AttemptOutcome = HttpOutcome & { refused?: string };

export const SEND_TIMEOUT_MS = 15_000;

export async function sendMessage(url: string, secrets: string[], id: string, body: string, opts: SendOptions): Promise<AttemptOutcome> {
  const target = await vetTarget(url, opts.policy, opts.resolver ?? systemResolver);
  if (!target.ok) return { refused: target.reason, error: `refused: ${target.reason}`, ms: 0 };
  return postPinned(target, signHeaders(id, body, secrets), body, opts.timeoutMs ?? SEND_TIMEOUT_MS, opts.signal);
}

export const isSuccess = (o: AttemptOutcome) => o.status !== undefined && o.status >= 200 && o.status < 300;

/** One line for operators: `HTTP 204 in 12 ms`, `HTTP 500: oops`, `refused: …`. */
export function describeOutcome(o: AttemptOutcome): string {
  if (o.status === undefined) return o.error ?? 'no response';
  const extra = o.status >= 300 && o.status < 400 ? ' (redirects are not followed)' : o.snippet ? `: ${o.snippet}` : '';
  return `HTTP ${o.status}${extra}`;
}
