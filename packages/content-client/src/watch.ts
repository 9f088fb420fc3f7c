// client.watch: the change stream (GET /v1/events) as an async iterator of changes that reconnects by itself. Each
// connection resumes after the last event it got (Last-Event-ID), so a change is yielded once, in order, across the
// server's regular stream ends, network failures and 429/503 waits; it stops when the signal aborts or the loop breaks.
import { errorFromBody, SkribraError } from './errors.ts';
import { retryAfterMs } from './http.ts';
import type { ChangeEvent } from './generated/api-types.ts';

export interface WatchOptions {
  /** Stops the watch: the iterator ends (no error) and its connection closes. */
  signal?: AbortSignal;
  /**
   * Resume after this position: a change's `cursor`, or a `next_cursor` of the sync feed. Without it, the watch starts
   * at the present and yields only changes made after it connects.
   */
  cursor?: string;
  /** Called each time a connection is caught up (after the changes it replayed), with the cursor there. */
  onReady?: (cursor: string) => void;
  /** First wait after a failure; doubles to `maxDelayMs` (default 1 s). */
  baseDelayMs?: number;
  /** The longest wait between attempts (default 30 s). */
  maxDelayMs?: number;
  /** A connection silent this long (the server sends a heartbeat every 15 s) is dropped and made again (default 45 s). */
  idleTimeoutMs?: number;
}

interface WatchTransport {
  fetch: typeof fetch;
  baseUrl: string;
  apiKey: string;
  userAgent: string;
}

/** One parsed server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
interface SseEvent {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

/** Server-sent events from a byte stream: fields by line, an event at each blank line, comments skipped. */
async function* parseSse(body: ReadableStream<Uint8Array>, idleMs: number): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ev: SseEvent = { event: 'message', data: '' };
  let hasData = false;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no data for ${idleMs} ms`)), idleMs);
      });
      const chunk = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      // A trailing \r may be the first half of a \r\n: it waits for the next chunk.
      const held = buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      buffer = lines.pop()! + held;
      for (const line of lines) {
        if (line === '') {
          if (hasData) yield ev;
          ev = { event: 'message', data: '' };
          hasData = false;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') {
          ev.data = hasData ? `${ev.data}\n${value}` : value;
          hasData = true;
        } else if (field === 'event') ev.event = value;
        else if (field === 'id' && !value.includes('\0')) ev.id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) yield { event: '', data: '', retry: Number(value) };
      }
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Errors that no retry can mend (a bad key or project, a refused cursor): thrown to the caller. */
const retryable = (status: number) => status === 429 || status >= 500;

export async function* watchChanges(
  t: WatchTransport,
  projectId: string,
  o: WatchOptions = {},
): AsyncGenerator<ChangeEvent, void, undefined> {
  const { signal } = o;
  const base = o.baseDelayMs ?? 1000;
  const max = o.maxDelayMs ?? 30_000;
  let last = o.cursor;
  let retryMs = 2000;
  let failures = 0;
  const backoff = () => Math.min(max, base * 2 ** Math.min(failures++, 16)) * (1 + Math.random() / 4);
  const url = new URL(`${t.baseUrl.replace(/\/+$/, '')}/events`);
  url.searchParams.set('projectId', projectId);

  while (!signal?.aborted) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${t.apiKey}`,
      accept: 'text/event-stream',
      'user-agent': t.userAgent,
    };
    if (last) headers['last-event-id'] = last;
    let res: Response;
    try {
      res = await t.fetch(url, { headers, signal });
    } catch {
      if (signal?.aborted) return;
      await sleep(backoff(), signal);
      continue;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      const wait = retryAfterMs(res.headers.get('retry-after'));
      if (!retryable(res.status)) throw errorFromBody(res.status, text, wait === undefined ? undefined : Math.ceil(wait / 1000));
      await sleep(Math.min(max, wait ?? backoff()), signal);
      continue;
    }
    try {
      for await (const ev of parseSse(res.body!, o.idleTimeoutMs ?? 45_000)) {
        if (ev.retry !== undefined) {
          retryMs = ev.retry;
          continue;
        }
        if (ev.event === 'change') {
          const change = JSON.parse(ev.data) as ChangeEvent;
          last = ev.id ?? change.cursor;
          failures = 0;
          yield change;
        } else if (ev.event === 'ready') {
          last = ev.id ?? last;
          failures = 0;
          o.onReady?.(last!);
        }
      }
      // The server ended the stream (its bound): come back after its retry hint.
      await sleep(retryMs, signal);
    } catch (error) {
      if (signal?.aborted) return;
      if (error instanceof SkribraError) throw error;
      await sleep(backoff(), signal);
    }
  }
}
