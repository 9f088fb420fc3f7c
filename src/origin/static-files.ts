import { readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import mime from 'mime-types';
import { ifNoneMatchHits, strongEtag } from '../core/etag.ts';

export interface StaticFile { body: Buffer; etag: string; type: string }

/** Content types the mime database gets wrong or leaves out for our outputs. */
const TYPES: Record<string, string> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Reads files under a root with strong ETags, cached by mtime and size so a rebuild is picked up without a restart.
 * Paths are normalised and must stay inside the root.
 */
export function staticFiles(root: string) {
  const cache = new Map<string, { mtime: number; size: number; file: StaticFile }>();
  return {
    /** The file at a root-relative path, or undefined (missing, a directory, or outside the root). */
    get(relPath: string): StaticFile | undefined {
      const full = normalize(join(root, relPath));
      if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
      let st;
      try { st = statSync(full); } catch { return undefined; }
      if (!st.isFile()) return undefined;
      const hit = cache.get(full);
      if (hit && hit.mtime === st.mtimeMs && hit.size === st.size) return hit.file;
      const body = readFileSync(full);
      const ext = full.slice(full.lastIndexOf('.'));
      const file = {
        body,
        etag: strongEtag(body),
        type: TYPES[ext] ?? (mime.contentType(ext) || 'application/octet-stream'),
      };
      cache.set(full, { mtime: st.mtimeMs, size: st.size, file });
      return file;
    },
  };
}

/** A 200 for the file, or 304 when the client already holds it. HEAD gets the headers only. */
export function fileResponse(req: Request, file: StaticFile, headers: Record<string, string> = {}, status = 200): Response {
  const h = { 'content-type': file.type, etag: file.etag, 'cache-control': 'public, max-age=0, must-revalidate', ...headers };
  if (status === 200 && ifNoneMatchHits(req.headers.get('if-none-match'), file.etag)) {
    return new Response(null, { status: 304, headers: h });
  }
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(file.body), { status, headers: { ...h, 'content-length': String(file.body.length) } });
}
