// How many MCP requests one process works on at once, and when it lets the rest of the process in. A tool call's
// answer is built, parsed, weighed and serialised in the same event loop that answers everything else the local
// origin serves (the site, /api/v1/health), and with the artifacts in memory nothing in it waits for I/O: it is one
// chain of promise callbacks, which the event loop runs to the end before it reads another socket. Eight 4-call
// batches at once held /api/v1/health for over two seconds. So one request at a time, the rest wait in a short queue
// (past it, 503 with Retry-After), and each request and each tool call starts on a turn of its own (`nextTurn`), so
// what else arrived meanwhile is answered in between. A Netlify function instance runs one request at a time anyway.
import { setImmediate } from 'node:timers/promises';
import { ApiError } from '../http/api-error.ts';

/** MCP requests worked on at once, per process. */
export const MCP_CONCURRENCY = 1;
/** MCP requests that may wait for their turn, per process; one more is refused. */
export const MCP_QUEUE = 32;

export type ConcurrencyLimit = <T>(work: () => Promise<T>) => Promise<T>;

/** Resolves on the event loop's next turn, after the I/O that is waiting: a request's socket, a timer. */
export const nextTurn = (): Promise<void> => setImmediate();

export const busy = () =>
  new ApiError(503, 'unavailable', 'The MCP server is busy with other requests; retry in a second.', { 'retry-after': '1' });

export function createConcurrencyLimit(concurrency = MCP_CONCURRENCY, queue = MCP_QUEUE): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running < concurrency) running++;
    else if (waiting.length >= queue) throw busy();
    // The slot is handed over by the request that ends (below), so `running` stays counted.
    else await new Promise<void>((go) => waiting.push(go));
    try {
      await nextTurn();
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
