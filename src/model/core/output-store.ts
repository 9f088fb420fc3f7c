// A content-addressed store of a build's output files, in the build cache: a file whose bytes an earlier build wrote
// is linked from there instead of created. Creating a file is what a build's outputs cost on a disk of this kind (a
// new inode each: 20,000 files of 3 KB took 0.8-8 s of kernel time here from one minute to the next, 20,000 links
// 0.3 s), and a rebuild writes mostly the same bytes (the static API's files and the twins of unchanged pages). An
// entry is named by its bytes' digest and linked only while its bytes are still those: a build's file rewritten in
// place (a link shares its bytes with the entry) is then written again, never served stale.
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pruneCache } from './prune-cache.ts';

export interface OutputStore {
  /** Writes `text` to `file` (whose folder exists): linked from the store when it holds these bytes. */
  write(file: string, text: string): void;
  /** Prunes what no build used lately (prune-cache.ts, at most hourly); how many files were linked and written. */
  finish(): Promise<{ linked: number; written: number }>;
}

/** The bytes of the entry at `entry`, or undefined. */
const read = (entry: string): Buffer | undefined => {
  try {
    return readFileSync(entry);
  } catch {
    return undefined;
  }
};

/** A store in the folder `dir`; without one, every file is written. */
export function outputStore(dir?: string): OutputStore {
  let linked = 0;
  let written = 0;
  const used = new Set<string>();
  if (dir) mkdirSync(dir, { recursive: true });
  // The entries there now, listed once: a file whose digest is not among them is written without a lookup (a cold
  // build's every file). One a build beside this one stores meanwhile is missed: the file is then only written.
  const held = new Set(dir ? readdirSync(dir) : []);
  return {
    write(file, text) {
      if (!dir) {
        writeFileSync(file, text);
        written++;
        return;
      }
      const bytes = Buffer.from(text);
      const name = createHash('sha256').update(bytes).digest('hex').slice(0, 40);
      const entry = join(dir, name);
      used.add(name);
      const kept = held.has(name) ? read(entry) : undefined;
      if (kept?.equals(bytes)) {
        try {
          linkSync(entry, file);
          linked++;
          return;
        } catch {
          /* pruned meanwhile, or no links here: written below */
        }
      }
      writeFileSync(file, bytes);
      written++;
      try {
        if (kept) rmSync(entry, { force: true }); // rewritten in place since: replaced
        linkSync(file, entry);
      } catch {
        /* stored by a build beside this one, or no links here: only the next build's link is lost */
      }
    },
    async finish() {
      if (dir) await pruneCache(dir, used, { atMostEveryHours: 1 });
      return { linked, written };
    },
  };
}
