import { describe, expect, it } from 'vitest';
import { parsePhaseLines, phaseLines, phaseRecorder } from '../../src/build-time/build-phases.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the build's phase table", () => {
  it('records phases in order, one beside the others, each with its time and a peak no lower than the memory in use', async () => {
    const phases = phaseRecorder(5);
    phases.next('content load');
    await sleep(20);
    const done = phases.beside('markdown');
    phases.next('Vite');
    await sleep(30);
    done();
    phases.next('page render');
    const held = Buffer.alloc(64 * 2 ** 20, 1); // 64 MB touched
    await sleep(20);
    const table = phases.finish();
    expect(held.length).toBeGreaterThan(0);
    expect(table.map((p) => [p.name, !!p.beside])).toEqual([
      ['content load', false],
      ['markdown', true],
      ['Vite', false],
      ['page render', false],
    ]);
    expect(table[0]!.start).toBe(0); // from the process's start
    for (const [a, b] of [
      [table[0]!, table[2]!],
      [table[2]!, table[3]!],
    ] as const)
      expect(b.start).toBeCloseTo(a.end, 1);
    expect(table[2]!.end - table[2]!.start).toBeGreaterThanOrEqual(0.025);
    for (const p of table) expect(p.peak, p.name).toBeGreaterThan(0);
    expect(table[3]!.peak).toBeGreaterThanOrEqual(process.memoryUsage.rss() - 64 * 2 ** 20);
  });

  it("prints one line per phase, which the benchmark reads back from the build's output", () => {
    const table = [
      { name: 'content load', start: 0, end: 3.25, peak: 446 * 2 ** 20 },
      { name: 'markdown', start: 4.2, end: 8.1, peak: 1163 * 2 ** 20, beside: true },
      { name: 'static API and twins', start: 20, end: 21.5, peak: 1225 * 2 ** 20 },
    ];
    const lines = phaseLines(table);
    expect(lines[0]).toBe('phase content load: 3.25 s from 0.00 s, peak 446 MB');
    const output = [
      '03:41:06 [build] ✓ Completed in 2.39s.',
      ...lines.map((l) => `03:41:08 [skribra-outputs] ${l}`),
      '03:41:08 [build] Complete!',
    ].join('\n');
    expect(parsePhaseLines(output)).toEqual([
      { name: 'content load', seconds: 3.25, start: 0, peakMb: 446, beside: false },
      { name: 'markdown', seconds: 3.9, start: 4.2, peakMb: 1163, beside: true },
      { name: 'static API and twins', seconds: 1.5, start: 20, peakMb: 1225, beside: false },
    ]);
  });
});
