// One POST to a vetted target, connecting to the exact address the guard checked: the `lookup` hook hands
// node the vetted address instead of asking DNS again, while the URL keeps the hostname, so the Host header,
// TLS SNI and certificate check still use the name. No agent (no pooled socket to another address), no
// redirects (node never follows them), one deadline over the whole exchange.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Vetted } from './vet-target.ts';

export interface HttpOutcome {
  /** The response status, when one came back in time. */
  status?: number;
  /** Set on a transport failure or timeout: a short reason for operators. */
  error?: string;
  /** The start of a non-2xx response body, single-line, for operators. */
  snippet?: string;
  retryAfter?: string;
  ms: number;
}

const SNIPPET_BYTES = 300;

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

function transportError(err: unknown, timeoutMs: number, signal?: AbortSignal): string {
  const e = err as NodeJS.ErrnoException;
  if (signal?.aborted && signal.reason?.name !== 'TimeoutError') return 'the worker stopped before the answer came';
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no response within ${timeoutMs / 1000} s`;
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET') return 'connection reset';
  return `${e?.code ? `${e.code}: ` : ''}${e?.message ?? String(err)}`.slice(0, 300);
}

function readSnippet(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      res.destroy();
      resolve(Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_BYTES).replace(/\s+/g, ' ').trim());
    };
    res.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= SNIPPET_BYTES) done();
    });
    res.on('end', done);
    res.on('error', done);
  });
}

export function postPinned(
  target: Vetted,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<HttpOutcome> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const finish = (o: Omit<HttpOutcome, 'ms'>) => resolve({ ...o, ms: Math.round(performance.now() - started) });
    const req = send(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target.address, target.family),
        agent: false,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined;
        if (status >= 200 && status < 300) {
          res.destroy();
          finish({ status, retryAfter });
          return;
        }
        void readSnippet(res).then((snippet) => finish({ status, retryAfter, ...(snippet ? { snippet } : {}) }));
      },
    );
    req.on('error', (err) => finish({ error: transportError(err, timeoutMs, stop) }));
    req.end(body);
  });
}
