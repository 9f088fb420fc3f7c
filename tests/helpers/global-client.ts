// Builds the customer client @skribra/content (packages/content-client/dist, what a site installs) once per run, in
// the background; the tests of the built package wait for it through builtClient() instead of each running tsc
// into the same folder (files run in parallel).
import { spawn } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, testBuildDir } from './test-builds.ts';

export default function setup(project: TestProject) {
  const dir = testBuildDir('client');
  const statusFile = join(dir, 'status.json');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'packages/content-client/tsconfig.build.json')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const ended = new Promise<void>((resolve) =>
    child.on('close', (code) => {
      writeFileSync(`${statusFile}.tmp`, JSON.stringify({ code, output }));
      renameSync(`${statusFile}.tmp`, statusFile);
      resolve();
    }),
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
