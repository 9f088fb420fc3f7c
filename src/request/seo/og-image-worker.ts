// A worker thread of og-render-pool.ts: renders the cards it is sent and posts each PNG back.
import { parentPort } from 'node:worker_threads';
import type { OgCard } from './og-cards.ts';
import { renderOgPng } from './render-og-png.ts';

export interface OgRenderJob {
  id: number;
  card: OgCard;
  host: string;
  width: number;
}
export type OgRenderResult = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort!.on('message', async ({ id, card, host, width }: OgRenderJob) => {
  try {
    // Copied, not transferred: resvg's buffer is native memory, which cannot be transferred (and is ~30 KB).
    parentPort!.postMessage({ id, png: new Uint8Array(await renderOgPng(card, host, width)) } satisfies OgRenderResult);
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).stack ?? String(err) } satisfies OgRenderResult);
  }
});
