// The local origin's memo of file answers, in front of the pipeline: what the CDN does on Netlify, inside the
// process. A query-less GET whose answer was a file of dist/ held in memory (or a live blog answer, while no purge
// came: live-answers.ts) is remembered with the headers the
// pipeline gave it; the same request again is answered from Node's request object directly, without the web
// Request/Response conversion or the pipeline, which were most of a static answer's CPU.
// HTTP caching rules, no others (RFC 9111): an answer is stored under the request headers its Vary names; whether a
// repeat gets 304, the headers alone (HEAD) or the whole answer is the one decision on conditional requests
// (core/conditional.ts), as for every answer; and an entry is trusted for as long as the file table trusts a file
// without a stat, so a rebuild shows as fast as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { conditional } from '../src/model/core/conditional.ts';
import { heldBody, RECHECK_MS } from './static-files.ts';

interface Answer {
  /** Whether the answer is still the one the pipeline would give (a live blog answer until a purge). */
  current?: () => boolean;
  headers: Record<string, string>;
  notModified: Record<string, string>;
  body: Buffer;
  etag: string;
  expires: number;
}

export interface AnswerMemoOptions {
  /** How long an answer is reused before the pipeline is asked again. */
  ttlMs?: number;
  /** Answers kept (each request-header combination is one); past it the memo starts again empty. */
  maxEntries?: number;
}

/** Longest key kept: real paths and negotiation headers are far shorter, and 10,000 keys of hostile length would not be. */
const MAX_KEY = 2048;

/** Only what cannot differ between two such requests: no query string, a read, nothing but Vary'd headers. */
const memoizable = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && req.url !== undefined && !req.url.includes('?');

export function createAnswerMemo({ ttlMs = RECHECK_MS, maxEntries = 10_000 }: AnswerMemoOptions = {}) {
  /** The request headers each path's answer varies on, lower case, as its last answer said. */
  const varyOf = new Map<string, string[]>();
  const answers = new Map<string, Answer>();
  const keyOf = (req: IncomingMessage, names: readonly string[]) => {
    let key = req.url!;
    for (const name of names) key += `\n${req.headers[name] ?? ''}`;
    return key;
  };

  return {
    /** Keeps `res` when it is a whole file answer to a memoizable GET. */
    remember(req: IncomingMessage, res: Response): void {
      const held = heldBody(res);
      if (!held || req.method !== 'GET' || !memoizable(req)) return;
      const headers = Object.fromEntries(res.headers);
      const names = (headers.vary ?? '')
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean);
      if (names.includes('*')) return;
      const key = keyOf(req, names);
      if (key.length > MAX_KEY) return;
      if (answers.size >= maxEntries) {
        answers.clear();
        varyOf.clear();
      }
      const { 'content-length': _length, ...notModified } = headers;
      varyOf.set(req.url!, names);
      answers.set(key, { current: held.current, headers, notModified, body: held.body, etag: headers.etag!, expires: Date.now() + ttlMs });
    },

    /** Answers from the memo and says true, or says false and leaves the request to the pipeline. */
    answer(req: IncomingMessage, res: ServerResponse): boolean {
      if (!memoizable(req)) return false;
      const names = varyOf.get(req.url!);
      const found = names && answers.get(keyOf(req, names));
      if (!found || found.expires < Date.now() || (found.current && !found.current())) return false;
      const verdict = conditional(req.method, req.headers['if-none-match'], 200, found.etag);
      if (verdict === 'not-modified') {
        res.writeHead(304, found.notModified).end();
      } else {
        res.writeHead(200, found.headers);
        res.end(verdict === 'headers-only' ? undefined : found.body);
      }
      return true;
    },
  };
}
