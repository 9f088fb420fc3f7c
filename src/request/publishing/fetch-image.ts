// One image fetched for measuring, through the webhook's SSRF guard (src/request/webhooks/vet-target.ts): the host is
// resolved and vetted once and the connection made to exactly that address (no second DNS answer), each redirect
// vetted the same way (at most 3), the body bounded in bytes and the whole exchange in time. Nothing is sent but a
// plain GET.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { systemResolver, vetTarget, type Resolver, type TargetPolicy, type Vetted } from '../webhooks/vet-target.ts';

export interface FetchLimits {
  /** The most bytes read of one image; a larger one is refused. */
  maxBytes: number;
  /** One deadline over the whole exchange, redirects included. */
  timeoutMs: number;
}

export const IMAGE_LIMITS: FetchLimits = { maxBytes: 15 * 1024 * 1024, timeoutMs: 8000 };
const MAX_REDIRECTS = 3;

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

function getPinned(target: Vetted, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(target.url, {
      method: 'GET',
      agent: false,
      lookup: pinnedLookup(target.address, target.family),
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8', 'user-agent': 'Skribra-ImageSize/1' },
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function readBounded(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    signal.addEventListener('abort', () => {
      res.destroy();
      reject(signal.reason);
    });
    res.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new Error(`larger than ${maxBytes / 1024 / 1024} MB`));
      } else chunks.push(c);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
  });
}

function describe(err: unknown, limits: FetchLimits): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${limits.timeoutMs / 1000} s`;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET') return 'connection reset';
  return `${e?.code ? `${e.code}: ` : ''}${e?.message ?? String(err)}`.slice(0, 200);
}

/** The image's bytes, or a one-line reason it could not be fetched (refused by the guard, unreachable, too large). */
export async function fetchImage(
  raw: string,
  policy: TargetPolicy,
  { limits = IMAGE_LIMITS, resolver = systemResolver }: { limits?: FetchLimits; resolver?: Resolver } = {},
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: string }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = raw;
  try {
    for (let hop = 0; ; hop++) {
      const vetted = await vetTarget(url, policy, resolver);
      if (!vetted.ok) return { ok: false, reason: `refused: ${vetted.reason}` };
      const res = await getPinned(vetted, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: `more than ${MAX_REDIRECTS} redirects` };
        url = new URL(res.headers.location, vetted.url).href;
        continue;
      }
      if (status !== 200) {
        res.resume();
        return { ok: false, reason: `answered ${status}` };
      }
      const length = Number(res.headers['content-length']);
      if (length > limits.maxBytes) {
        res.destroy();
        return { ok: false, reason: `larger than ${limits.maxBytes / 1024 / 1024} MB (${length} bytes)` };
      }
      return { ok: true, bytes: await readBounded(res, limits.maxBytes, signal) };
    }
  } catch (err) {
    return { ok: false, reason: describe(err, limits) };
  }
}
