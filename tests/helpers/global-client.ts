// Builds the customer client @skribra/content (packages/content-client/dist, what a site installs) once per run, in
// the background; the tests of the built package wait for it through builtClient() instead of each running tsc
// into the same folder (files run in parallel).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { backgroundRun, ROOT, testBuildDir } from './test-builds.ts';

export default function setup(project: TestProject) {
  const dir = testBuildDir('client');
  const statusFile = join(dir, 'status.json');
  const ended = backgroundRun(
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'packages/content-client/tsconfig.build.json')],
    statusFile,
  );
  project.provide('clientStatus', statusFile);
  return async () => {
    await ended;
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    clientStatus: string;
  }
}
