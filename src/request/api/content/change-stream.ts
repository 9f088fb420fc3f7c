// One change stream (GET /v1/events) as a streamed Response: `retry:`, the changes after the client's position, an
// `event: ready` once caught up, then each change as the hub wakes it, a comment heartbeat every HEARTBEAT_MS, and a
// clean end at the bound so the client reconnects (with Last-Event-ID) before the host would cut it. A client that
// goes away cancels the body: its slot and its watch end with it.
import type { Sql } from 'postgres';
import { type ChangesRead, readChanges, sseEvent } from './change-events.ts';
import type { ChangeHub } from './change-hub.ts';

/** What the client waits before reconnecting after a stream ends (the SSE `retry:` field). */
export const RETRY_MS = 2000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // Never stored, never transformed: a cached or compressed stream would hold events back.
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

interface StreamOptions {
  sql: Sql;
  hub: ChangeHub;
  projectId: string;
  /** The first read, made before answering (so a store failure or an expired cursor is still an error status). */
  first: ChangesRead;
  /** When the stream ends (ms since the epoch). */
  endsAt: number;
  /** Frees the account's slot. */
  release: () => void;
}

export function changeStream({ sql, hub, projectId, first, endsAt, release }: StreamOptions): Response {
  const encoder = new TextEncoder();
  let closed = false;
  let position = first.position;
  let cursor = first.cursor;
  let reading = false;
  let again = false;
  let unwatch: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let bound: ReturnType<typeof setTimeout> | undefined;

  const end = () => {
    if (closed) return false;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(bound);
    unwatch?.();
    release();
    return true;
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed && text) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (end()) controller.close();
      };
      const fail = (err: unknown) => {
        // The store went away mid-stream: end it; the client reconnects and gets the store's error status then.
        console.error('change stream:', err instanceof Error ? err.message : err);
        close();
      };
      /** Reads until caught up. */
      const drain = async () => {
        for (let read = first; read.more && !closed; ) {
          read = await readChanges(sql, projectId, position);
          if (closed) return;
          send(read.text);
          ({ position, cursor } = read);
        }
      };
      /** A wake from the hub: one drain at a time, and one more if woken meanwhile. */
      const pump = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const read = await readChanges(sql, projectId, position);
            if (closed) return;
            send(read.text);
            ({ position, cursor } = read);
            if (read.more) again = true;
          } while (again && !closed);
        } catch (err) {
          fail(err);
        } finally {
          reading = false;
        }
      };

      send(`retry: ${RETRY_MS}\n\n${first.text}`);
      heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
      bound = setTimeout(close, Math.max(0, endsAt - Date.now()));
      heartbeat.unref?.();
      bound.unref?.();
      drain().then(() => {
        if (closed) return;
        send(sseEvent('ready', cursor, { cursor }));
        unwatch = hub.watch(projectId, position.after, () => void pump());
      }, fail);
    },
    cancel() {
      end();
    },
  });

  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
