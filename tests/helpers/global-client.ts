// Builds the customer client @skribra/content (packages/content-client/dist, what a site installs) once per run, in
// the background when a test first asks for it; the tests of the built package wait for it through builtClient()
// instead of each running tsc into the same folder (files run in parallel).
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { backgroundBuild, ROOT } from './test-builds.ts';

export default function setup(project: TestProject) {
  const tsc = [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'packages/content-client/tsconfig.build.json')];
  const { statusFile, teardown } = backgroundBuild('client', () => tsc);
  project.provide('clientStatus', statusFile);
  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clientStatus: string;
  }
}
