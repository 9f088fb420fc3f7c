// GET /v1/events: a project's changes as server-sent events, live (change-stream.ts), for sites that have no public
// URL for a webhook (a laptop running `astro dev`) and would otherwise poll the sync feed.
import * as z from 'zod';
import { changeEvent, streamReady } from '../../schemas/change-event.ts';
import { lazyObject } from '../lazy-object.ts';
import { KEYED_READ_ERRORS, contentEndpoint } from './content-endpoint.ts';
import { projectIdParam } from './project-id-param.ts';

/**
 * Change streams (GET /v1/events) one account may hold open at once, per process (the local origin, or one instance
 * of the Netlify function: instances do not share the count). The next is 429 `rate_limited` with Retry-After.
 */
export const EVENT_STREAMS_PER_ACCOUNT = 5;

/**
 * How long a stream stays open when SKRIBRA_EVENTS_MAX_S is unset, in seconds, by host: a Netlify function ends at 60 s
 * (so its streams end cleanly before), the local origin has no such limit (a stream reconnects only after this).
 */
export const STREAM_BOUND_S = { origin: 900, netlify: 50 } as const;

export const streamOwnChanges = contentEndpoint('streamOwnChanges', 'events', {
  bucket: 'list',
  query: lazyObject({
    projectId: () => projectIdParam('The project whose changes to stream; GET /v1/projects lists them.'),
    cursor: () =>
      z.string().max(300, { error: 'is not a valid sync cursor' }).optional().meta({
        description:
          'Where to resume: an event `id` (its `cursor`) or a `next_cursor` of GET /v1/sync; every change after it is sent first, in order. The `Last-Event-ID` header, when sent, wins over it. Omit both to start at the present.',
      }),
  }),
  events: {
    change: { name: 'ChangeEvent', data: () => changeEvent },
    ready: { name: 'StreamReady', data: () => streamReady },
  },
  doc: {
    tag: 'Content API',
    ok: 'ChangeEvent',
    errors: KEYED_READ_ERRORS,
    summary: "A project's changes as they happen: a server-sent event stream.",
    description: `\`text/event-stream\`. Starts with \`retry: 2000\`, then one \`event: change\` per change after the cursor (\`Last-Event-ID\` header, else \`cursor\`; without either, none), then \`event: ready\` once caught up, then each change as it commits (within about a second), and a \`: heartbeat\` comment every 15 s. Each event's \`id\` is the sync cursor after it: reconnect with it as \`Last-Event-ID\` and nothing is lost or repeated. Events carry ids and slugs, never bodies: fetch what changed through GET /v1/sync or GET /v1/articles/{slug}. The server ends each stream cleanly after SKRIBRA_EVENTS_MAX_S seconds (${STREAM_BOUND_S.netlify} on Netlify, under its functions' 60 s; ${STREAM_BOUND_S.origin} on the local origin): reconnect. At most ${EVENT_STREAMS_PER_ACCOUNT} streams per account at once on one server instance; the next is 429 \`rate_limited\` with Retry-After. A malformed, foreign or expired cursor is 400 \`invalid_query\` naming \`cursor\` before the stream starts. Opening a stream counts as one list request; what it sends counts nothing.`,
  },
});
