// A real HTTP receiver on loopback for the webhook tests: records every request (headers and raw body) and
// answers with whatever the test scripted, one answer per request, the last one repeating.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export interface Receiver {
  url: string;
  port: number;
  hits: Hit[];
  /** Answers for the next requests, in order; the last one repeats. */
  answer(...answers: Answer[]): void;
  /** Resolves when at least `n` requests have arrived (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<Hit[]>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/skribra'): Promise<Receiver> {
  const hits: Hit[] = [];
  let answers: Answer[] = [{ status: 204 }];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = answers.length > 1 ? answers.shift()! : answers[0]!;
      const send = () => {
        res.writeHead(a.status, a.headers);
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    hits,
    answer: (...a) => {
      answers = a;
    },
    async waitFor(n, ms = 5000) {
      const deadline = Date.now() + ms;
      while (hits.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} webhook requests, got ${hits.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return hits;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
