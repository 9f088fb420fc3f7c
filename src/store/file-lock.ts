// A cross-process mutex on a file created with O_EXCL. The file holds the owner's pid, so a lock left by a
// process that died (kill -9) is recognised and broken instead of blocking everyone forever.
import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs';
import { processAlive, sleep } from './process-alive.ts';

export async function withFileLock<T>(path: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const token = `${process.pid} ${Math.random().toString(36).slice(2)}`;
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, token);
      closeSync(fd);
      break;
    } catch (err) {
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
    } catch { /* already gone */ }
  }
}

function breakIfStale(path: string): void {
  try {
    const content = readFileSync(path, 'utf8');
    const pid = Number(content.split(' ')[0]);
    if (content && !processAlive(pid) && readFileSync(path, 'utf8') === content) unlinkSync(path);
  } catch { /* raced with its owner: fine */ }
}
