// Open Graph images are pure CPU (satori's layout, then resvg's raster and PNG encoder, ~50 ms each): a pool of
// worker threads, one per core, renders them side by side. Each worker keeps one job in flight and takes the next
// from a shared queue as it finishes, so a slow card never holds up the others.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OgCard } from './og-cards.ts';
import type { OgRenderJob, OgRenderResult } from './og-image-worker.ts';

export interface OgRenderPool {
  render(card: OgCard, host: string, width: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

const WORKER = new URL('./og-image-worker.ts', import.meta.url);

/**
 * One worker per core, at most 4: a worker holds 130-220 MB (satori, resvg, the fonts), and a 100,000-term build
 * must stay under the 4 GB of a Netlify build container on however many cores it reports.
 */
export const OG_WORKERS = Math.min(availableParallelism(), 4);

/**
 * Starts `size` workers lazily, on the first renders. A build's pool fails as a whole when a worker dies. `server`: a
 * long-lived server's pool, never closed: an idle worker does not keep the process alive (one with a job does), and a
 * worker that dies fails the renders waiting then, and the next render starts a new one.
 */
export function ogRenderPool(size = OG_WORKERS, { server = false }: { server?: boolean } = {}): OgRenderPool {
  let queue: OgRenderJob[] = [];
  let head = 0; // taken from the front by index: shift() on a queue of 100,000 cards would be quadratic
  const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (err: Error) => void }>();
  const idle: Worker[] = [];
  const workers: Worker[] = [];
  let next = 0;
  let failed: Error | undefined;

  const feed = () => {
    while (idle.length && head < queue.length) {
      const worker = idle.pop()!;
      if (server) worker.ref();
      worker.postMessage(queue[head++]!);
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
  };
  const fail = (err: Error) => {
    if (!server) failed ??= err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
    queue = [];
    head = 0;
  };
  const start = () => {
    const worker = new Worker(WORKER);
    worker.on('message', (msg: OgRenderResult) => {
      const job = waiting.get(msg.id);
      waiting.delete(msg.id);
      if ('png' in msg) job?.resolve(msg.png);
      else job?.reject(new Error(`Open Graph image: ${msg.error}`));
      idle.push(worker);
      feed();
      if (server && idle.includes(worker)) worker.unref();
    });
    const drop = () => {
      for (const list of [workers, idle]) if (list.includes(worker)) list.splice(list.indexOf(worker), 1);
    };
    worker.on('error', (err) => {
      if (server) drop();
      fail(err as Error);
    });
    worker.on('exit', (code) => {
      if (server) drop();
      if (code !== 0 && waiting.size) fail(new Error(`Open Graph image worker exited with ${code}`));
    });
    if (server) worker.unref();
    workers.push(worker);
    idle.push(worker);
  };

  return {
    render(card, host, width) {
      if (failed) return Promise.reject(failed);
      if (workers.length < Math.max(1, size) && !idle.length) start();
      const id = next++;
      const promise = new Promise<Uint8Array>((resolve, reject) => waiting.set(id, { resolve, reject }));
      queue.push({ id, card, host, width });
      feed();
      return promise;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
