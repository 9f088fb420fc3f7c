// The settings of the configs that run a few suites on their own (tests/postgres.config.ts: the store, content API,
// webhook and client suites against CI's second PostgreSQL; tests/<suite>/vitest.config.ts): those of the root
// config (files in parallel, one database each, workers reused), without the site build none of them reads.
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const ROOT = join(import.meta.dirname, '..', '..');
process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'skribra-node-compile');

export function suiteConfig(include: string[], { client = false } = {}) {
  return defineConfig({
    test: {
      root: ROOT,
      include,
      testTimeout: 120_000,
      hookTimeout: 300_000,
      maxWorkers: 3,
      isolate: false,
      setupFiles: ['tests/helpers/per-file.ts'],
      // The client package's build (for the suites that run its dist/) starts in the background when a test asks for it.
      globalSetup: [...(client ? ['tests/helpers/global-client.ts'] : []), 'tests/helpers/global-store.ts'],
    },
  });
}
