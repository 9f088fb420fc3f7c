// The loaded content kept between builds (issue 24). Reading 10,000 glossary files takes ~2.5 s a build, most of it
// parsing their YAML frontmatter, although a rebuild usually finds the same files. A build's load is cached under a
// key of every byte it reads (the content folder's files, by path), the site's URL and the code (code-key.ts), as
// V8's serialisation of the SiteContent (16.5 MB and ~0.1 s to read back at 10,000 terms). Any change of a file is a
// new key: the whole folder is loaded again, so a cached load is always the one a load would make. Only a load
// without problems is stored; the few most recently used entries are kept.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { loadCatalog, type SiteContent } from '../model/catalog/load-catalog.ts';
import { writeFileAtomic } from '../model/core/write-atomic.ts';

/** Entries kept: the site and a few content states (a branch, a benchmark's generated terms) beside it. */
const KEEP = 4;

/** A loader with the signature of loadCatalog that reads from and writes to the cache folder `dir`. */
export const cachedContentLoader =
  (dir: string, code: string) =>
  (contentDir: string, siteUrl: string): SiteContent => {
    const hash = createHash('sha256').update(code).update(`\0${siteUrl}`);
    const files = readdirSync(contentDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name))
      .sort();
    for (const file of files) {
      const bytes = readFileSync(file);
      hash.update(`\0${relative(contentDir, file)}\0${bytes.length}\0`).update(bytes);
    }
    const entry = join(dir, `${hash.digest('hex')}.bin`);
    try {
      const content = deserialize(readFileSync(entry)) as SiteContent;
      const now = new Date();
      utimesSync(entry, now, now);
      return content;
    } catch {
      /* not cached (or unreadable): load */
    }
    const content = loadCatalog(contentDir, siteUrl); // throws on bad content, and nothing is stored
    try {
      mkdirSync(dir, { recursive: true });
      writeFileAtomic(entry, serialize(content));
      prune(dir);
    } catch {
      /* a cache that cannot be written only costs the next build its load */
    }
    return content;
  };

/** Removes all but the KEEP most recently used entries, and temporary files a build that died left over an hour ago. */
function prune(dir: string): void {
  const entries = readdirSync(dir)
    .flatMap((name) => {
      try {
        return [{ name, used: statSync(join(dir, name)).mtimeMs }];
      } catch {
        return []; // removed meanwhile by another build
      }
    })
    .sort((a, b) => b.used - a.used);
  const doomed = [
    ...entries.filter((e) => e.name.endsWith('.bin')).slice(KEEP),
    ...entries.filter((e) => e.name.endsWith('.tmp') && Date.now() - e.used > 3_600_000),
  ];
  for (const e of doomed) rmSync(join(dir, e.name), { force: true });
}
