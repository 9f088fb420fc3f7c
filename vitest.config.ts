import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The suite starts many Node processes (workers, builds, the CLI, the store's keeper): Node's on-disk compile cache
// saves each of them compiling the same modules again.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, 'node_modules', '.cache', 'skribra-node-compile');

// Unit, handler, store and build tests. Browser tests live in tests/e2e and run with vitest.e2e.config.ts.
// Files run in parallel, in workers reused from file to file (tests/helpers/per-file.ts gives each file fresh
// instances of the project's modules and its own process.env). Each file has a database of its own on the run's one
// PostgreSQL (tests/helpers/global-store.ts) and its builds in folders of their own (tests/helpers/test-builds.ts);
// the real site and the client package are built once, in the background, when a file first asks for them.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    maxWorkers: 3,
    isolate: false,
    setupFiles: ['tests/helpers/per-file.ts'],
    // The builds wait in the background until a file asks for one; the store is up in a few seconds.
    globalSetup: ['tests/helpers/global-build.ts', 'tests/helpers/global-client.ts', 'tests/helpers/global-store.ts'],
  },
});
