// A background task of the local origin: `run` now and then every `intervalMs`, one run at a time (a tick that finds
// one under way is skipped), never keeping the process alive; `stop` ends the ticks and waits for the run under way.
// `run` reports its own failures: a rejection here is dropped.

export function repeat(intervalMs: number, run: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch(() => {})
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
