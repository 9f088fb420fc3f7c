// Where the suite's site builds go: a fresh folder under node_modules/.cache/skribra-test-builds/ of this checkout.
// Inside the project, not the system temp dir, because Astro stages a build's prerendered chunks in the output dir
// when the output dir lies in its working directory and in the project's shared .astro/ when it does not: builds
// placed here run side by side (test files run in parallel) without deleting each other's chunks.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { onDemand, type Status } from './on-demand.ts';
import { ASTRO_BUILD } from '../../src/build-time/astro-build.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILDS = join(ROOT, 'node_modules', '.cache', 'skribra-test-builds');

/** A new empty folder for one build's output and its companions (caches, status files). */
export function testBuildDir(label: string): string {
  mkdirSync(BUILDS, { recursive: true });
  return mkdtempSync(join(BUILDS, `${label}-`));
}

const args = (outDir: string, quiet: boolean) => [...ASTRO_BUILD, '--outDir', outDir, ...(quiet ? ['--silent'] : [])];

export interface BuildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `astro build` of this checkout into `outDir` (under testBuildDir()), in a child process, with `env` over process.env
 * (an undefined value removes the variable). A build still running after `timeoutMs` is killed and ends with what it
 * printed so far, below the suite's own timeouts, so a build that hangs shows where. */
export function siteBuild(
  outDir: string,
  env: Record<string, string | undefined>,
  { quiet = true, timeoutMs = 240_000 } = {},
): Promise<BuildResult> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args(outDir, quiet), { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      stderr += `\n(killed: still building after ${timeoutMs / 1000} s)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/** siteBuild() that throws with the build's output unless it succeeds, as astroBuild() does. */
export async function siteBuildOrThrow(outDir: string, env: Record<string, string | undefined>): Promise<void> {
  const r = await siteBuild(outDir, env);
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Runs `args` under this Node, for a global setup; resolves with its exit code and, on failure, its output. */
function backgroundRun(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Status> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output: code === 0 ? '' : output })));
}

/**
 * A global setup's build in the background, on demand (onDemand): a fresh folder (`label`), `args(dir)` run there
 * with its status file `dir/status.json`, and the teardown that waits for the run, if it started, and removes the
 * folder.
 */
export function backgroundBuild(label: string, args: (dir: string) => string[], env?: NodeJS.ProcessEnv) {
  const dir = testBuildDir(label);
  const statusFile = join(dir, 'status.json');
  const { stop } = onDemand(statusFile, () => backgroundRun(args(dir), env));
  return {
    dir,
    statusFile,
    teardown: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
