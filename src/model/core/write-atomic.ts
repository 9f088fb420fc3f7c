import { renameSync, writeFileSync } from 'node:fs';

/**
 * Writes `file` whole or not at all: the bytes go to a temporary file beside it, which a rename puts in place, so a
 * concurrent reader (another build sharing a cache) never reads half a file.
 */
export function writeFileAtomic(file: string, data: string | NodeJS.ArrayBufferView): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}
