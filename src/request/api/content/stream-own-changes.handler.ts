// GET /v1/events's handler: the slot, the cursor and the first read before answering (so each failure is still an
// error status), then the stream (change-stream.ts).
import { ApiError } from '../http/api-error.ts';
import { readChanges } from './change-events.ts';
import { changeStream } from './change-stream.ts';
import { contentHandler } from './content-deps.ts';
import { requireProject } from './require-project.ts';
import { HOUR, refuseExpired, verifiedPosition } from './sync-feed.ts';
import { streamOwnChanges } from '../../../model/endpoints/content/stream-own-changes.endpoint.ts';

export default contentHandler(streamOwnChanges, async ({ access, query, req }, { sql, events: hub }) => {
  const projectId = requireProject(access);
  const endsAt = Date.now() + hub.maxMs;
  const slot = hub.claim(access.accountId!, endsAt);
  if ('retryAfter' in slot)
    throw new ApiError(
      429,
      'rate_limited',
      `Too many open change streams for this account on this server; one ends in ${slot.retryAfter} s.`,
      { 'retry-after': String(slot.retryAfter) },
    );
  try {
    // EventSource resends the last id it saw as Last-Event-ID on the URL it first opened: the header is the newer.
    const cursor = req.headers.get('last-event-id')?.trim() || query.cursor;
    const given = cursor === undefined ? undefined : await verifiedPosition(sql, projectId, cursor);
    const first = await readChanges(sql, projectId, given);
    refuseExpired(given, Math.floor(first.now / HOUR));
    return changeStream({ sql, hub, projectId, first, endsAt, release: slot.release });
  } catch (err) {
    slot.release();
    throw err;
  }
});
