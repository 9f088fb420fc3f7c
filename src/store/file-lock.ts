// A cross-process mutex on a file created with O_EXCL. The file holds the owner's pid, so a lock left by a
// process that died (kill -9) is recognised and broken instead of blocking everyone forever. A lock whose pid could
// not be written (a full disk lets the create through and fails the write) is removed at once and the error names
// the disk; an empty lock that stays empty past a moment is broken too, so nothing half-written blocks later
// processes after space comes back.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { processAlive, sleep } from './process-alive.ts';

/** How long an empty lock file may be someone's create-then-write in progress. */
const EMPTY_GRACE_MS = 2000;

/** A full disk, said so: the store cannot take its lock or write, and what to do about it. */
export class DiskFullError extends Error {
  constructor(path: string, cause: unknown) {
    super(`the disk holding ${path} is full (no space left on device); free some space and try again`, { cause });
    this.name = 'DiskFullError';
  }
}

export const isDiskFull = (err: unknown): boolean => (err as NodeJS.ErrnoException)?.code === 'ENOSPC';

function create(path: string, token: string): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, token);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(path);
    } catch {
      /* gone */
    }
    throw isDiskFull(err) ? new DiskFullError(path, err) : err;
  }
  closeSync(fd);
}

export async function withFileLock<T>(path: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const token = `${process.pid} ${Math.random().toString(36).slice(2)}`;
  for (;;) {
    try {
      create(path, token);
      break;
    } catch (err) {
      if (isDiskFull(err)) throw new DiskFullError(path, err);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      breakIfStale(path);
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the store lock ${path}`);
      await sleep(25 + Math.random() * 25);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      if (readFileSync(path, 'utf8') === token) unlinkSync(path);
    } catch {
      /* already gone */
    }
  }
}

/** Breaks a lock whose owner is dead, or that has stayed empty (its owner never wrote its pid). */
export function breakIfStale(path: string): void {
  try {
    const content = readFileSync(path, 'utf8');
    const stale = content ? !processAlive(Number(content.split(' ')[0])) : Date.now() - statSync(path).mtimeMs > EMPTY_GRACE_MS;
    if (stale && readFileSync(path, 'utf8') === content) unlinkSync(path);
  } catch {
    /* raced with its owner: fine */
  }
}
