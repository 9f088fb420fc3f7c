// Run before each test file. Workers are reused across files (isolate: false in vitest.config.ts): each file gets
// its own instances of the project's modules (the packages' stay loaded), and what it sets in process.env is put
// back after it.
import { afterAll, expect, vi } from 'vitest';

vi.resetModules();
// The answer check's alarm (src/store/own-rows.ts) never fires in a test that does not provoke it (those replace
// console.error with a spy of their own, which this never sees).
const alarms: string[] = [];
const logError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('ALARM')) alarms.push(args[0]);
  logError.apply(console, args);
};
afterAll(() => {
  console.error = logError;
  expect(alarms, "an answer held rows that were not its caller's").toEqual([]);
});
const saved = { ...process.env };
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

// TIMING_CPU=file.jsonl: each file's CPU seconds (this worker's and its waited-for children's) appended there.
if (process.env.TIMING_CPU) {
  const { appendFileSync, readFileSync } = await import('node:fs');
  const { expect } = await import('vitest');
  const ticks = () => {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return { self: (Number(f[11]) + Number(f[12])) / 100, children: (Number(f[13]) + Number(f[14])) / 100 };
  };
  const start = ticks();
  const t0 = Date.now();
  afterAll(() => {
    const end = ticks();
    appendFileSync(
      process.env.TIMING_CPU!,
      `${JSON.stringify({ file: expect.getState().testPath, wall: (Date.now() - t0) / 1000, self: end.self - start.self, children: end.children - start.children })}\n`,
    );
  });
}
