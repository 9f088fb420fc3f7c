// Astro runs one `astro dev` per project root and refuses a second ("Another astro dev server is already running"):
// the suites that start one (tests/dev/) hold this lock while theirs runs, so files running in parallel take turns.
import { join, resolve } from 'node:path';
import { withFileLock } from '../../src/store/file-lock.ts';

const LOCK = join(resolve(import.meta.dirname, '../..'), 'node_modules', '.skribra-astro-dev.lock');

/** Waits for the lock and holds it until the returned function is called. */
export async function holdAstroDev(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await new Promise<void>((acquired, fail) => {
    withFileLock(
      LOCK,
      async () => {
        acquired();
        await held;
      },
      300_000,
    ).catch(fail);
  });
  return release;
}
