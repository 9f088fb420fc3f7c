// The outputs the catalog alone decides (writeCatalogOutputs: the static API, the twins, the machine-readable files,
// the artifacts), written by a worker thread while Astro renders the pages on the main thread: on two cores their
// ~200,000 files at 100,000 terms then cost the build little time of their own (docs/performance.md).
import { Worker } from 'node:worker_threads';
import type { ArticleSummary } from '../request/api/public/article-source.ts';
import type { RateLimits } from '../request/api/content/limits.ts';
import type { SiteContent } from '../model/catalog/load-catalog.ts';
import { outputStore } from '../model/core/output-store.ts';
import { writeCatalogOutputs } from './write-outputs.ts';

export interface CatalogOutputsJob {
  out: string;
  content: SiteContent;
  limits: RateLimits;
  blog: readonly ArticleSummary[];
  /** The output store's folder (output-store.ts). */
  storeDir: string;
}

export interface CatalogOutputsWritten {
  api: number;
  machine: number;
  /** Files linked from the output store, and written. */
  linked: number;
  written: number;
}

export type CatalogOutputsMessage = { phase: string } | { done: CatalogOutputsWritten };

const WORKER = new URL('./catalog-outputs-worker.ts', import.meta.url);

/**
 * Starts the worker (the job is copied to it now); `phase` hears each step's name as the worker reaches it. Resolves
 * once every file is written and the store pruned; rejects with the worker's error.
 */
export function writeCatalogOutputsBeside(job: CatalogOutputsJob, phase: (name: string) => void): Promise<CatalogOutputsWritten> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job });
    let written: CatalogOutputsWritten | undefined;
    worker.on('message', (m: CatalogOutputsMessage) => {
      if ('phase' in m) phase(m.phase);
      else written = m.done;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (written ? resolve(written) : reject(new Error(`the catalog outputs' worker exited with ${code}`))));
  });
}

/** Writes the job's outputs in this thread through its output store, and prunes the store: the worker's work. */
export async function writeCatalogOutputsHere(
  { out, content, limits, blog, storeDir }: CatalogOutputsJob,
  phase: (name: string) => void,
): Promise<CatalogOutputsWritten> {
  const store = outputStore(storeDir);
  const written = await writeCatalogOutputs(out, content, limits, { blog, store, phase });
  return { ...written, ...(await store.finish()) };
}
