// What a global setup provides on demand (a build, the run's PostgreSQL): started the first time a test file asks for
// it, so a run of files that need none of it (one file, while working on it) neither waits for it nor shares the CPU
// with it. The two sides meet by files: the test file writes `<status>.wanted`, the global setup writes `<status>`
// whole once the thing is ready or has failed.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A status file's content: the exit code, and the output on failure or the value on success. */
export interface Status {
  code: number | null;
  output?: string;
  value?: unknown;
}

/** The file a test file writes to ask for what a global setup provides on demand. */
const wantedFile = (statusFile: string) => `${statusFile}.wanted`;

/**
 * In a global setup: `start` runs the first time a test file asks (awaitOnDemand); its outcome is written whole to
 * `statusFile` for the files polling for it. `stop` waits for a start under way.
 */
export function onDemand(statusFile: string, start: () => Promise<Status>): { stop: () => Promise<void> } {
  let ended: Promise<void> | undefined;
  const poll = setInterval(() => {
    if (!existsSync(wantedFile(statusFile))) return;
    clearInterval(poll);
    ended = start()
      .catch((err: unknown): Status => ({ code: 1, output: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
      .then((status) => {
        writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
        renameSync(`${statusFile}.tmp`, statusFile);
      });
  }, 50);
  return {
    stop: async () => {
      clearInterval(poll);
      await ended;
    },
  };
}

/** In a test file: asks for what `statusFile` stands for and waits for it; returns its value, or throws with its
 * output if it failed. */
export async function awaitOnDemand<T = void>(statusFile: string, what: string): Promise<T> {
  if (!existsSync(statusFile)) writeFileSync(wantedFile(statusFile), '');
  while (!existsSync(statusFile)) await new Promise((r) => setTimeout(r, 100));
  const { code, output, value } = JSON.parse(readFileSync(statusFile, 'utf8')) as Status;
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${output}`);
  return value as T;
}
