// The local origin's file table over dist/. A request for a common path costs a Map lookup: headers, ETags and
// (for small files) the bytes are computed once per file version, not per request. A rebuild is still picked up
// without a restart: an entry is re-checked against the disk (one stat) at most once per RECHECK_MS.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import mime from 'mime-types';
import { REVALIDATE, strongEtag } from '../src/model/core/etag.ts';
import { conditional } from '../src/model/core/conditional.ts';
import { ENCODED_DIR, ENCODINGS, type Encoding } from '../src/build-time/precompressed-paths.ts';

/** One stored representation of a file: the identity bytes, or a precompressed variant written by the build. */
export interface Representation {
  etag: string;
  size: number;
  /** The bytes when held in memory; otherwise they are streamed from `path` on each request. */
  body: Buffer | undefined;
  path: string;
}

export interface StaticFile extends Representation {
  type: string;
  /** Precompressed variants the build wrote, by content-coding; empty when there are none. */
  variants: Partial<Record<Encoding, Representation>>;
  /** Per-file values derived from the body once (the markdown token estimate), by name. */
  derived: Map<string, unknown>;
}

/** Content types the mime database gets wrong or leaves out for our outputs. */
const TYPES: Record<string, string> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export interface StaticFilesOptions {
  /** Files up to this size are held in memory; larger ones are streamed from disk on each request. */
  maxMemoryFile?: number;
  /** Total bytes held in memory across files; past it, further files are streamed. */
  memoryBudget?: number;
  /** How long a file's entry is trusted before it is compared with the disk again (a rebuild shows within this). */
  recheckMs?: number;
  /** Entries kept (missing paths included, so hostile requests cannot grow the table without bound). */
  maxEntries?: number;
}

/** A file removed or made unreadable between its stat and its read is a missing file. */
const readOrUndefined = (path: string) => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

/** How long a file's entry is trusted without a stat, by default: a rebuild shows within it. */
export const RECHECK_MS = 1000;

interface Entry {
  checked: number;
  mtime: number;
  size: number;
  file: StaticFile | undefined;
  held: number;
}

/** The file's stats, or undefined for anything that is not a readable file (missing, a directory, ENOTDIR, too long). */
const statOf = (path: string) => {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st?.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Reads files under a root with strong ETags. Paths are normalised and must stay inside the root.
 */
export function staticFiles(root: string, options: StaticFilesOptions = {}) {
  const { maxMemoryFile = 256 * 1024, memoryBudget = 128 * 1024 * 1024, recheckMs = RECHECK_MS, maxEntries = 100_000 } = options;
  const rootPrefix = root.endsWith(sep) ? root : root + sep;
  const cache = new Map<string, Entry>();
  let held = 0;

  /** A representation's bytes go to memory when small and within the budget. */
  function represent(path: string, bytes: Buffer, etag: string): Representation {
    const keep = bytes.length <= maxMemoryFile && held + bytes.length <= memoryBudget;
    if (keep) held += bytes.length;
    return { etag, size: bytes.length, body: keep ? bytes : undefined, path };
  }

  function variantsOf(rel: string, mtime: number, etag: string): StaticFile['variants'] {
    const variants: StaticFile['variants'] = {};
    for (const encoding of ENCODINGS) {
      const path = join(root, ENCODED_DIR, `${rel}.${encoding.ext}`);
      const st = statOf(path);
      // A variant older than its file is from an earlier build: it no longer represents the file.
      const bytes = st && st.mtimeMs >= mtime ? readOrUndefined(path) : undefined;
      if (!bytes) continue;
      // Its own strong ETag (RFC 9110 8.8.3.3: a different content-coding is a different representation), derived
      // from the identity's so a client revalidating either form gets the right answer.
      variants[encoding.coding] = represent(path, bytes, `${etag.slice(0, -1)}-${encoding.ext}"`);
    }
    return variants;
  }

  function load(relPath: string, old: Entry | undefined, now: number): StaticFile | undefined {
    if (cache.size >= maxEntries && !old) {
      cache.clear();
      held = 0;
    }
    const full = normalize(join(root, relPath));
    const st = full === root || full.startsWith(rootPrefix) ? statOf(full) : undefined;
    if (old && st && old.file && old.mtime === st.mtimeMs && old.size === st.size) {
      old.checked = now;
      return old.file;
    }
    if (old) held -= old.held;
    if (!st) {
      cache.set(relPath, { checked: now, mtime: 0, size: 0, file: undefined, held: 0 });
      return undefined;
    }
    const before = held;
    const bytes = readOrUndefined(full);
    if (!bytes) {
      cache.set(relPath, { checked: now, mtime: 0, size: 0, file: undefined, held: 0 });
      return undefined;
    }
    const ext = full.slice(full.lastIndexOf('.'));
    const identity = represent(full, bytes, strongEtag(bytes));
    const rel = full.slice(rootPrefix.length).split(sep).join('/');
    const file: StaticFile = {
      ...identity,
      type: TYPES[ext] ?? (mime.contentType(ext) || 'application/octet-stream'),
      variants: variantsOf(rel, st.mtimeMs, identity.etag),
      derived: new Map(),
    };
    cache.set(relPath, { checked: now, mtime: st.mtimeMs, size: st.size, file, held: held - before });
    return file;
  }

  return {
    /** The file at a root-relative path, or undefined (missing, a directory, or outside the root). */
    get(relPath: string): StaticFile | undefined {
      const now = Date.now();
      const hit = cache.get(relPath);
      if (hit && now - hit.checked < recheckMs) return hit.file;
      return load(relPath, hit, now);
    },
  };
}

/** The body of a file as a string, decoded once per file version. */
export function fileText(file: StaticFile): string {
  let text = file.derived.get('text') as string | undefined;
  if (text === undefined) file.derived.set('text', (text = (file.body ?? readFileSync(file.path)).toString('utf8')));
  return text;
}

/** A value computed from a file once per file version (the file object is replaced when the file changes). */
export function derivedOf<T>(file: StaticFile, name: string, compute: (file: StaticFile) => T): T {
  if (file.derived.has(name)) return file.derived.get(name) as T;
  const value = compute(file);
  file.derived.set(name, value);
  return value;
}

/**
 * The content-coding to send from `Accept-Encoding` (RFC 9110 12.5.3) among the variants there are: the highest
 * q-value wins, `br` before `gzip` on a tie, `*` stands for any coding not named; undefined means identity.
 */
export function chooseEncoding(header: string | null | undefined, available: Partial<Record<Encoding, unknown>>): Encoding | undefined {
  if (!header) return undefined;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q[coding] = Number.isFinite(value) ? value : 0;
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const { coding } of ENCODINGS) {
    if (!available[coding]) continue;
    const value = q[coding] ?? q['*'] ?? 0;
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

/** Whole-file 200 answers and the bytes they carry: the origin's memo (answer-memo.ts) may send them again. */
const HELD = new WeakMap<Response, Held>();

/** A whole 200 answer's bytes, and for an answer that can go stale before a rebuild, whether it is still current. */
export interface Held {
  body: Buffer;
  current?: () => boolean;
}

/** Marks `res` as a whole answer of `body` the memo may send again while `current()` says so (live-answers.ts). */
export const holdBody = (res: Response, held: Held): void => {
  HELD.set(res, held);
};

/** The bytes of a whole-file 200 answer of fileResponse, when they are held in memory. */
export const heldBody = (res: Response): Held | undefined => HELD.get(res);

const varyWith = (vary: string | undefined) => (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');

/**
 * A 200 for the file, or 304 when the client already holds the representation it would get; HEAD gets the headers
 * only (both decided by core/conditional.ts, as every answer). A file with precompressed variants is answered in the
 * coding the client prefers, with `Vary: Accept-Encoding`.
 */
export function fileResponse(req: Request, file: StaticFile, headers: Record<string, string> = {}, status = 200): Response {
  const hasVariants = file.variants.br !== undefined || file.variants.gzip !== undefined;
  const coding = hasVariants ? chooseEncoding(req.headers.get('accept-encoding'), file.variants) : undefined;
  const rep = coding ? file.variants[coding]! : file;
  const h: Record<string, string> = { 'content-type': file.type, etag: rep.etag, ...REVALIDATE, ...headers };
  if (hasVariants) h.vary = varyWith(headers.vary);
  if (coding) h['content-encoding'] = coding;
  const verdict = conditional(req.method, req.headers.get('if-none-match'), status, rep.etag);
  if (verdict === 'not-modified') return new Response(null, { status: 304, headers: h });
  h['content-length'] = String(rep.size);
  if (verdict === 'headers-only') return new Response(null, { status, headers: h });
  const body =
    rep.body ?? (Readable.toWeb(createReadStream(rep.path, { start: 0, end: Math.max(rep.size - 1, 0) })) as ReadableStream<Uint8Array>);
  // A Buffer is a Uint8Array: handed over as is, without the copy `new Uint8Array(buffer)` would make.
  const res = new Response(rep.size === 0 ? null : (body as BodyInit), { status, headers: h });
  if (status === 200 && rep.body) HELD.set(res, { body: rep.body });
  return res;
}
