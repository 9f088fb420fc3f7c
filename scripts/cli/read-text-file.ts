// Reading a file an operator named: one sentence for each way it can fail, instead of Node's raw error.
import { readFileSync } from 'node:fs';
import { UsageError } from './args.ts';

const REASONS: Record<string, string> = {
  ENOENT: 'there is no such file',
  EACCES: 'permission to read it is denied',
  EPERM: 'permission to read it is denied',
  EISDIR: 'it is a directory, not a file',
  ENOTDIR: 'a part of its path is not a directory',
  ENAMETOOLONG: 'its name is too long',
  ELOOP: 'its path has a loop of symbolic links',
};

/** The file's text (UTF-8), or a UsageError: `cannot read the article file /tmp/nope.json: there is no such file`. */
export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    throw new UsageError(`cannot read ${what} ${path}: ${REASONS[code] ?? (err as Error).message}`);
  }
}
