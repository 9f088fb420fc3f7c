// Where a test run's time goes, per file: `npx vitest run --reporter=default --reporter=./tests/helpers/timing-reporter.ts`
// writes TIMING_OUT (default /tmp/vitest-timing.json) and prints the slowest files: wall time in the worker, import
// (collect), hooks (the module's duration less its tests') and tests.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface Row {
  file: string;
  worker: number;
  wall: number;
  prepare: number;
  collect: number;
  hooks: number;
  tests: number;
  count: number;
}

export default class TimingReporter implements Reporter {
  private readonly rows: Row[] = [];
  private started = 0;

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    let tests = 0;
    let count = 0;
    for (const t of module.children.allTests()) {
      tests += t.diagnostic()?.duration ?? 0;
      count++;
    }
    this.rows.push({
      file: module.moduleId.replace(`${process.cwd()}/`, ''),
      worker: d.concurrencyId,
      wall: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      prepare: d.prepareDuration + d.environmentSetupDuration + d.setupDuration,
      collect: d.collectDuration,
      hooks: Math.max(0, d.duration - tests),
      tests,
      count,
    });
  }

  onTestRunEnd() {
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const sum = (k: keyof Row) => this.rows.reduce((a, r) => a + (r[k] as number), 0);
    this.rows.sort((a, b) => b.wall - a.wall);
    writeFileSync(
      process.env.TIMING_OUT ?? '/tmp/vitest-timing.json',
      JSON.stringify({ wall: Date.now() - this.started, rows: this.rows }, null, 1),
    );
    const lines = ['  wall  prep collect hooks tests  n  file'];
    for (const r of this.rows.slice(0, 30))
      lines.push(`${s(r.wall)}${s(r.prepare)}${s(r.collect)}${s(r.hooks)}${s(r.tests)} ${String(r.count).padStart(3)}  ${r.file}`);
    lines.push(
      `${s(sum('wall'))}${s(sum('prepare'))}${s(sum('collect'))}${s(sum('hooks'))}${s(sum('tests'))} ${String(sum('count')).padStart(3)}  all ${this.rows.length} files; run wall ${s(Date.now() - this.started)} s`,
    );
    console.log(lines.join('\n'));
  }
}
