// Where the suite's site builds go: a fresh folder under node_modules/.cache/skribra-test-builds/ of this checkout.
// Inside the project, not the system temp dir, because Astro stages a build's prerendered chunks in the output dir
// when the output dir lies in its working directory and in the project's shared .astro/ when it does not: builds
// placed here run side by side (test files run in parallel) without deleting each other's chunks.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const BUILDS = join(ROOT, 'node_modules', '.cache', 'skribra-test-builds');

/** A new empty folder for one build's output and its companions (caches, status files). */
export function testBuildDir(label: string): string {
  mkdirSync(BUILDS, { recursive: true });
  return mkdtempSync(join(BUILDS, `${label}-`));
}

const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
const args = (outDir: string, quiet: boolean) => ['build', '--outDir', outDir, ...(quiet ? ['--silent'] : [])];

export interface BuildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `astro build` of this checkout into `outDir` (under testBuildDir()), in a child process, with `env` over process.env
 * (an undefined value removes the variable). */
export function siteBuild(outDir: string, env: Record<string, string | undefined>, { quiet = true } = {}): Promise<BuildResult> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astro, ...args(outDir, quiet)], { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** siteBuild() that throws with the build's output unless it succeeds, as astroBuild() does. */
export async function siteBuildOrThrow(outDir: string, env: Record<string, string | undefined>): Promise<void> {
  const r = await siteBuild(outDir, env);
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/**
 * Runs `args` under this Node in the background for a global setup; when it ends, writes `statusFile` whole (its exit
 * code and, on failure, its output) for the test files polling for it. Resolves when the status is written.
 */
function backgroundRun(args: string[], statusFile: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise<void>((resolve) =>
    child.on('close', (code) => {
      writeFileSync(`${statusFile}.tmp`, JSON.stringify({ code, output: code === 0 ? '' : output }));
      renameSync(`${statusFile}.tmp`, statusFile);
      resolve();
    }),
  );
}

/**
 * A global setup's build in the background, started the first time a test file asks for it (awaitBackgroundBuild), so
 * a run of files that need no build (one file, while working on it) neither waits for it nor shares the CPU with it:
 * a fresh folder (`label`), `args(dir)` run there by backgroundRun with its status file `dir/status.json`, and the
 * teardown that waits for the run, if it started, and removes the folder.
 */
export function backgroundBuild(label: string, args: (dir: string) => string[], env?: NodeJS.ProcessEnv) {
  const dir = testBuildDir(label);
  const statusFile = join(dir, 'status.json');
  let ended: Promise<void> | undefined;
  const poll = setInterval(() => {
    if (!existsSync(wantedFile(statusFile))) return;
    clearInterval(poll);
    ended = backgroundRun(args(dir), statusFile, env);
  }, 50);
  return {
    dir,
    statusFile,
    teardown: async () => {
      clearInterval(poll);
      await ended;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The file a test file writes to ask for a background build. */
const wantedFile = (statusFile: string) => `${statusFile}.wanted`;

/** In a test file: asks for the background build whose status file is `statusFile` and waits for it; throws with
 * its output if it failed. */
export async function awaitBackgroundBuild(statusFile: string, what: string): Promise<void> {
  if (!existsSync(statusFile)) writeFileSync(wantedFile(statusFile), '');
  while (!existsSync(statusFile)) await new Promise((r) => setTimeout(r, 100));
  const { code, output } = JSON.parse(readFileSync(statusFile, 'utf8')) as { code: number | null; output: string };
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${output}`);
}
