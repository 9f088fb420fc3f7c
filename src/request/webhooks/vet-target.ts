// The SSRF guard: decides whether a webhook URL may be called and, if so, at which address. The host is
// resolved once here; the sender connects to exactly the address returned (see post-pinned.ts), so a DNS
// answer that changes between check and connect (rebinding) cannot aim the request inward.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress, type AddressClass } from './classify-address.ts';
import type { Config } from '../../model/config.ts';

export interface TargetPolicy {
  /** Plain http to public hosts ($SKRIBRA_WEBHOOK_ALLOW_HTTP=1). */
  allowHttp: boolean;
  /** Loopback and private targets, then over plain http too ($SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1): local development and tests. */
  allowPrivate: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type Vetted = { ok: true; url: URL; address: string; family: 4 | 6; class: AddressClass };
export type Refused = { ok: false; reason: string };

/**
 * The one setting that lets webhooks reach loopback and private addresses. Every process that sends reads it from
 * its own environment (the CLI's first attempts, `npm start`'s retrying worker, the Netlify functions), so every
 * refusal it could lift names it, and `npm start` says at start which way it is set.
 */
export const PRIVATE_SETTING = 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE';

/** One line for a process's start: whether private targets are allowed here, and by which setting. */
export const describeTargetPolicy = (policy: TargetPolicy): string =>
  policy.allowPrivate
    ? `webhooks: private targets (loopback, private networks) are allowed by ${PRIVATE_SETTING}=1`
    : `webhooks: private targets (loopback, private networks) are refused; ${PRIVATE_SETTING}=1 allows them for local development`;

/** The policy the entry point's config sets. */
export const policyFromEnv = (config: Pick<Config, 'SKRIBRA_WEBHOOK_ALLOW_HTTP' | 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE'>): TargetPolicy => ({
  allowHttp: config.SKRIBRA_WEBHOOK_ALLOW_HTTP,
  allowPrivate: config.SKRIBRA_WEBHOOK_ALLOW_PRIVATE,
});

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

const RESOLVE_TIMEOUT_MS = 5000;
/** Reachable only when the operator opts in for local work. */
const INWARD = new Set<AddressClass>(['loopback', 'private', 'unique-local']);

function resolveWithin(resolver: Resolver, host: string): Promise<ResolvedAddress[]> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    resolver(host).finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })), RESOLVE_TIMEOUT_MS);
    }),
  ]);
}

export async function vetTarget(raw: string, policy: TargetPolicy, resolver: Resolver = systemResolver): Promise<Vetted | Refused> {
  const refuse = (reason: string): Refused => ({ ok: false, reason });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(`the scheme ${url.protocol} is not allowed; use https`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return refuse('the URL has no host');

  let answers: ResolvedAddress[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await resolveWithin(resolver, host);
    } catch (err) {
      return refuse(`cannot resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    if (!answers.length) return refuse(`cannot resolve ${host}: no addresses`);
  }

  // Every answer must pass, not just the one we would use: a mixed answer is a rebinding attempt.
  const lift = `; ${PRIVATE_SETTING}=1 allows it for local development (in the environment of both the CLI and npm start)`;
  const never = `, never allowed (not even with ${PRIVATE_SETTING}=1)`;
  for (const a of answers) {
    const cls = classifyAddress(a.address);
    if (cls === 'public' || (INWARD.has(cls) && policy.allowPrivate)) continue;
    const where = a.address === host ? a.address : `${host} resolves to ${a.address}, which`;
    return refuse(`${where} is ${/^[aeiou]/.test(cls) ? 'an' : 'a'} ${cls} address${INWARD.has(cls) ? lift : never}`);
  }
  const first = answers[0]!;
  const cls = classifyAddress(first.address);
  if (url.protocol === 'http:' && !policy.allowHttp && !INWARD.has(cls)) {
    return refuse('plain http is refused for public endpoints; use https (SKRIBRA_WEBHOOK_ALLOW_HTTP=1 allows it)');
  }
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4, class: cls };
}
