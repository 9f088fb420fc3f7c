// The operator CLI for tests, two ways with one result: `skribra()` calls the CLI's main() in this process (stdout,
// stderr and the exit code captured, `env` laid over process.env for the call: what the bin reads), and
// `skribraProcess()` runs the real bin in a child process. The first saves a Node start per command; each CLI test
// file keeps a few of the second for the process boundary (exit codes, output, a key printed once).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { main, type Terminal } from '../../scripts/cli/main.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  out: any;
} // eslint-disable-line @typescript-eslint/no-explicit-any

const bin = new URL('../../scripts/skribra.mjs', import.meta.url).pathname;
const parse = (args: string[], stdout: string) => (args.includes('--json') && stdout ? JSON.parse(stdout) : undefined);
let queue: Promise<unknown> = Promise.resolve();

/** Not a terminal, as in a script or CI: a command that asks needs --yes. */
const noTerminal: Terminal = {
  interactive: false,
  ask: () => Promise.reject(new Error('not a terminal')),
};

/**
 * main(args) in this process, one call at a time (the streams and the environment are the process's). `terminal`
 * stands for the person at a terminal, for the commands that ask before they act.
 */
export function skribra(args: string[], env: Record<string, string | undefined> = {}, terminal: Terminal = noTerminal): Promise<CliResult> {
  const run = async (): Promise<CliResult> => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    const out: string[] = [];
    const err: string[] = [];
    const { write: stdoutWrite } = process.stdout;
    const { write: stderrWrite } = process.stderr;
    const capture = (into: string[]) =>
      ((chunk: string | Uint8Array) => {
        into.push(String(chunk));
        return true;
      }) as typeof process.stdout.write;
    for (const [k, v] of Object.entries(env))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    let code: number;
    try {
      code = await main(args, terminal);
    } finally {
      process.stdout.write = stdoutWrite;
      process.stderr.write = stderrWrite;
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
    const stdout = out.join('');
    return { code, stdout, stderr: err.join(''), out: parse(args, stdout) };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** The real bin (`npx skribra`) in a child process with `env` over process.env. */
export async function skribraProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
  opts: { maxBuffer?: number } = {},
): Promise<CliResult> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      env: merged,
      maxBuffer: opts.maxBuffer ?? 64 << 20,
    });
    return { code: 0, stdout, stderr, out: parse(args, stdout) };
  } catch (e: any) {
    // eslint-disable-line @typescript-eslint/no-explicit-any
    if (typeof e.code !== 'number') throw e;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, out: parse(args, e.stdout) };
  }
}
