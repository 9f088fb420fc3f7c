// An image analysed (analyze-image.ts) within a deadline that nothing in the image can stretch: in a child process,
// killed when the deadline passes. sharp's own timeout is checked between tiles, and some pictures are one long
// draw (an SVG's filter over a large area kept a publish at full CPU for minutes); a worker thread cannot be stopped
// inside native code, and would keep a thread of libuv's pool, which DNS lookups share. A few idle processes are
// kept for the next images, and never keep this process alive.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageFacts } from './analyze-image.ts';

const CHILD = fileURLToPath(new URL('./analyze-child.ts', import.meta.url));
/** Idle processes kept for the next images (a publish measures a few images at once). */
const KEEP = 4;
const idle: ChildProcess[] = [];

/** The error of an image whose analysis did not finish by its deadline. */
export class OverTimeError extends Error {
  constructor(ms: number) {
    super(`not decoded within ${ms / 1000} s`);
  }
}

function start(): ChildProcess {
  const child = fork(CHILD, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  child.on('error', () => child.kill('SIGKILL'));
  return child;
}

/** Keeps a process for later without keeping this one alive for it. */
function rest(child: ChildProcess) {
  if (idle.length >= KEEP || child.exitCode !== null || !child.connected) {
    child.kill('SIGKILL');
    return;
  }
  child.unref();
  child.channel?.unref();
  idle.push(child);
}

/** The image's facts, or a rejection: OverTimeError after `ms`, or the reason it is not an image. */
export function analyzeWithin(bytes: Uint8Array, ms: number): Promise<ImageFacts> {
  let child = idle.pop();
  while (child && (child.exitCode !== null || !child.connected)) child = idle.pop();
  child ??= start();
  const proc = child;
  proc.ref();
  proc.channel?.ref();
  return new Promise<ImageFacts>((resolve, reject) => {
    const end = () => {
      clearTimeout(timer);
      proc.off('message', answered);
      proc.off('exit', exited);
    };
    const timer = setTimeout(() => {
      end();
      proc.kill('SIGKILL');
      reject(new OverTimeError(ms));
    }, ms);
    const answered = (m: { ok: true; facts: ImageFacts } | { ok: false; error: string }) => {
      end();
      rest(proc);
      if (m.ok) resolve(m.facts);
      else reject(new Error(m.error));
    };
    const exited = (code: number | null, signal: string | null) => {
      end();
      reject(new Error(`not an image (the decoder ended: ${signal ?? `exit ${code}`})`));
    };
    proc.on('message', answered);
    proc.once('exit', exited);
    proc.send({ bytes, timeoutS: Math.max(1, Math.ceil(ms / 1000)) });
  });
}
