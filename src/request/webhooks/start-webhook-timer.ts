// The local origin's delivery worker: runs due deliveries every few seconds, one run at a time. `stop()` ends
// the timer, lets attempts in flight finish for a short grace, then aborts what is left (those attempts are
// recorded as failed and retried later, same webhook-id), so the store can close after.
import type { Sql } from 'postgres';
import { describeResult, runDueDeliveries, type WorkerOptions } from './run-deliveries.ts';

export interface WebhookTimer {
  stop(): Promise<void>;
}

/** Every `intervalMs` (SKRIBRA_WEBHOOK_INTERVAL_MS for the origin), a run with the worker's options. */
export function startWebhookTimer(
  sql: Sql,
  o: WorkerOptions & { intervalMs: number; graceMs?: number; log?: (line: string) => void },
): WebhookTimer {
  const { intervalMs } = o;
  const log = o.log ?? ((line: string) => console.log(line));
  const draining = new AbortController();
  const aborting = new AbortController();
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running || draining.signal.aborted) return;
    running = runDueDeliveries(sql, { ...o, drain: draining.signal, signal: aborting.signal })
      .then((results) => results.forEach((r) => log(describeResult(r))))
      .catch((err: unknown) => {
        if (!aborting.signal.aborted) log(`webhook worker: ${(err as Error).message}`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick(); // anything left by a crash or by a CLI that exited goes out now, not one interval later

  return {
    async stop() {
      clearInterval(timer);
      draining.abort();
      const grace = setTimeout(() => aborting.abort(), o.graceMs ?? 3000);
      await running;
      clearTimeout(grace);
    },
  };
}
