// The store lock: an empty lock file (its creator died, or a full disk failed the pid write) blocks nobody for long.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from '../../src/store/file-lock.ts';

describe('withFileLock', () => {
  it('breaks an empty lock left past its grace, and runs', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'skribra-lock-')), 'store.lock');
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 10_000);
    utimesSync(lock, old, old);
    expect(await withFileLock(lock, async () => 'ran', 1000)).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits for a fresh empty lock (a create whose write is in progress), then breaks it once stale', async () => {
    const lock = join(mkdtempSync(join(tmpdir(), 'skribra-lock-')), 'store.lock');
    writeFileSync(lock, '');
    await expect(withFileLock(lock, async () => 'ran', 300)).rejects.toThrow(/Timed out waiting for the store lock/);
    const started = Date.now();
    expect(await withFileLock(lock, async () => 'ran', 5000)).toBe('ran');
    expect(Date.now() - started).toBeGreaterThan(1000);
  });
});
