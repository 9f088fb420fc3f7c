import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** Waits for this run's build of packages/content-client/dist (global-client.ts); throws with tsc's output if it failed. */
export async function builtClient(): Promise<void> {
  const statusFile = inject('clientStatus');
  while (!existsSync(statusFile)) await new Promise((r) => setTimeout(r, 100));
  const { code, output } = JSON.parse(readFileSync(statusFile, 'utf8')) as { code: number | null; output: string };
  if (code !== 0) throw new Error(`package build failed:\n${output}`);
}
