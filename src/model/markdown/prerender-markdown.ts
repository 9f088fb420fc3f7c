// Glossary term sections are most of the markdown a build renders (10,000 terms: ~20,000 sections, over a quarter
// of the build's CPU when rendered one page at a time on Astro's one thread). The build renders them first, in worker
// threads, while Vite bundles the site; a page then finds its sections' HTML ready (renderHtml looks here first).
// The workers run the pages' own renderer, so the bytes are the same; each distinct source is rendered once.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

// On globalThis: the integration fills it, and Astro's pages read it from their own bundled module instances.
const MAP = Symbol.for('skribra.prerenderedMarkdown');
const READY = Symbol.for('skribra.prerenderedMarkdownReady');
const slot = globalThis as unknown as { [MAP]?: Map<string, string>; [READY]?: Promise<void> };

/** One worker per core, at most 4 (each holds the renderer and its highlighter, ~100 MB). */
const WORKERS = Math.min(availableParallelism(), 4);
/** Sources per message: small enough that workers finish together, large enough that messaging costs nothing. */
const BATCH = 500;
/**
 * Each worker's heap, capped. What a worker keeps alive is the renderer with its highlighter and one batch (~30 MB
 * whatever the number of terms); uncapped, V8 let each heap fill with garbage to ~190 MB (plus its page pool) before
 * collecting, a third of a 10,000-term build's page-render peak: ~1,110 MB with two workers, ~750 MB with the cap,
 * in the same time.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

const WORKER = new URL('./markdown-worker.ts', import.meta.url);

/** The HTML of a source rendered ahead, if it was. */
export const prerendered = (source: string): string | undefined => slot[MAP]?.get(source);

/** Resolves once the sources given to prerenderMarkdown are rendered (at once when none were). */
export const markdownReady = (): Promise<void> => slot[READY] ?? Promise.resolve();

/** Lets the rendered HTML go once the pages are written (~100 MB at 100,000 terms), before the image workers start. */
export function dropPrerendered(): void {
  slot[MAP] = undefined;
  slot[READY] = undefined;
}

/** Starts rendering `sources` in worker threads; markdownReady() tells when they are done. A failure fails the build. */
export function prerenderMarkdown(sources: Iterable<string>, workers = WORKERS): Promise<void> {
  const todo = [...new Set(sources)];
  const map = new Map<string, string>();
  slot[MAP] = map;
  let next = 0;
  const lane = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, { resourceLimits: WORKER_HEAP });
      let batch: string[] = [];
      const send = () => {
        batch = todo.slice(next, next + BATCH);
        next += batch.length;
        if (batch.length) worker.postMessage(batch);
        else void worker.terminate().then(() => resolve());
      };
      worker.on('message', (html: string[]) => {
        batch.forEach((source, i) => map.set(source, html[i]!));
        send();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (next < todo.length || batch.length) reject(new Error(`markdown worker exited with ${code}`));
      });
      send();
    });
  const ready = todo.length
    ? Promise.all(Array.from({ length: Math.max(1, Math.min(workers, Math.ceil(todo.length / BATCH))) }, lane)).then(() => {})
    : Promise.resolve();
  ready.catch(() => {}); // reported where it is awaited (markdownReady), not as an unhandled rejection first
  slot[READY] = ready;
  return ready;
}
