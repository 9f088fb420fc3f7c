// Where a build's time and memory go, phase by phase (issue 24): the integration marks each phase as the build
// reaches it (skribra-outputs.ts) and prints one line per phase at the end, which `npm run bench:scale` reads back.
// Memory is the process's resident set (worker threads included), sampled every 50 ms and at every mark; a phase's
// peak also takes the process's own high-water mark when it rose during the phase, which a long synchronous stretch
// would otherwise hide from the sampler.

export interface Phase {
  name: string;
  /** Seconds since the process started. */
  start: number;
  end: number;
  /** Peak resident set during the phase, in bytes. */
  peak: number;
  /** Runs beside the main thread's phases (the markdown workers). */
  beside?: boolean;
}

export interface PhaseRecorder {
  /** Ends the current main-thread phase (if any) and starts `name`. */
  next(name: string): void;
  /** Starts a phase that runs beside the others; the returned function ends it. */
  beside(name: string): () => void;
  /** Ends the current phase and returns every phase, in order of start. */
  finish(): Phase[];
}

const now = () => performance.now() / 1000;
const maxRss = () => process.resourceUsage().maxRSS * 1024;

export function phaseRecorder(sampleMs = 50): PhaseRecorder {
  const phases: (Phase & { highWater: number })[] = [];
  const open = new Set<Phase & { highWater: number }>();
  let current: (Phase & { highWater: number }) | undefined;
  const sample = () => {
    const rss = process.memoryUsage.rss();
    for (const p of open) if (rss > p.peak) p.peak = rss;
  };
  const timer = setInterval(sample, sampleMs);
  timer.unref();
  const begin = (name: string, start: number, beside?: boolean) => {
    const p = { name, start, end: start, peak: 0, highWater: maxRss(), ...(beside ? { beside } : {}) };
    phases.push(p);
    open.add(p);
    sample();
    return p;
  };
  const end = (p: Phase & { highWater: number }) => {
    if (!open.has(p)) return;
    sample();
    const high = maxRss();
    if (high > p.highWater) p.peak = Math.max(p.peak, high);
    p.end = now();
    open.delete(p);
  };
  return {
    next(name) {
      // The first phase starts with the process: Node's and Astro's start-up belong to it.
      const start = current ? now() : 0;
      if (current) end(current);
      current = begin(name, start);
    },
    beside(name) {
      const p = begin(name, now(), true);
      return () => end(p);
    },
    finish() {
      if (current) end(current);
      current = undefined;
      clearInterval(timer);
      for (const p of open) end(p);
      return phases.map(({ highWater: _, ...p }) => p).sort((a, b) => a.start - b.start);
    },
  };
}

const LINE = /^phase (.+?): ([\d.]+) s from ([\d.]+) s, peak (\d+) MB( \(beside\))?$/;

/** One line per phase, as the build prints it: `phase page render: 12.34 s from 8.10 s, peak 1234 MB`. */
export const phaseLines = (phases: readonly Phase[]): string[] =>
  phases.map(
    (p) =>
      `phase ${p.name}: ${(p.end - p.start).toFixed(2)} s from ${p.start.toFixed(2)} s, peak ${Math.round(p.peak / 2 ** 20)} MB${p.beside ? ' (beside)' : ''}`,
  );

/** The phases in a build's output (phaseLines), wherever the lines are among its other output. */
export function parsePhaseLines(text: string): { name: string; seconds: number; start: number; peakMb: number; beside: boolean }[] {
  const out = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line.replace(/^.*?(?=phase )/, '').trim());
    if (m) out.push({ name: m[1]!, seconds: Number(m[2]), start: Number(m[3]), peakMb: Number(m[4]), beside: !!m[5] });
  }
  return out;
}
