// Netlify's static store over a publish dir, as the CDN serves it by default (measured in slorber/trailing-slash-guide,
// "Netlify, Default"): `/x` is the file `x`, else `x.html`, else a 301 to `/x/` when `x/index.html` exists; `/x/` is
// `x/index.html`, else a 301 to `/x` when `x.html` exists. Every file gets Netlify's default
// `Cache-Control: public, max-age=0, must-revalidate`, a strong ETag and a type by extension (`application/octet-stream`
// without one), then the `_headers` values for its path; 304 and HEAD are the one decision every answer of ours
// passes through (core/conditional.ts). Only GET and HEAD read files:
// another method finds no file (production answers such requests with the 404 page unless something else matches).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import mime from 'mime-types';
import { conditional } from '../../src/model/core/conditional.ts';
import { headersForPath, type HeaderRule } from '../../src/model/core/header-rules.ts';

type StaticAnswer = { kind: 'file'; path: string; bytes: Buffer } | { kind: 'redirect'; location: string };

function decoded(pathname: string): string | undefined {
  try {
    const path = decodeURIComponent(pathname);
    // A NUL, an empty segment (`//`: the store's keys are exact paths, nothing collapses them) or a `..`/`.` segment
    // that only appears after decoding (`..%2F`) names no file of the store.
    return /\0|\/\/|(^|\/)\.\.?(\/|$)/.test(path) ? undefined : path;
  } catch {
    return undefined;
  }
}

export function createStaticStore(root: string, rules: HeaderRule[]) {
  const cache = new Map<string, Buffer | null>();
  const read = (path: string): Buffer | undefined => {
    if (!cache.has(path)) {
      let bytes: Buffer | null = null;
      try {
        if (statSync(join(root, path)).isFile()) bytes = readFileSync(join(root, path));
      } catch {
        /* no such file */
      }
      cache.set(path, bytes);
    }
    return cache.get(path) ?? undefined;
  };
  const file = (path: string): StaticAnswer | undefined => {
    const bytes = read(path);
    return bytes && { kind: 'file', path, bytes };
  };

  /** What the store has for a URL path (percent-encoded, as in the request line), or undefined. */
  function lookup(pathname: string, search: string): StaticAnswer | undefined {
    const path = decoded(pathname);
    if (path === undefined || path.startsWith('/_headers') || path.startsWith('/_redirects')) return undefined;
    if (path.endsWith('/')) {
      const stem = path.slice(0, -1);
      return (
        file(`${path}index.html`) ??
        (stem && read(`${stem}.html`) ? { kind: 'redirect', location: `${pathname.slice(0, -1)}${search}` } : undefined)
      );
    }
    return (
      file(path) ??
      file(`${path}.html`) ??
      (read(`${path}/index.html`) ? { kind: 'redirect', location: `${pathname}/${search}` } : undefined)
    );
  }

  /** The answer for a file of the store, with Netlify's default headers and the `_headers` of `headersPath`. */
  function respond(req: Request, answer: StaticAnswer, headersPath: string, status = 200): Response {
    if (answer.kind === 'redirect') return new Response(null, { status: 301, headers: { location: answer.location } });
    const etag = `"${createHash('sha1').update(answer.bytes).digest('hex')}-ssl"`;
    const headers: Record<string, string> = {
      'content-type': mime.contentType(extname(answer.path)) || 'application/octet-stream',
      'cache-control': 'public, max-age=0, must-revalidate',
      etag,
      ...headersForPath(rules, headersPath),
    };
    const verdict = conditional(req.method, req.headers.get('if-none-match'), status, etag);
    if (verdict === 'not-modified') return new Response(null, { status: 304, headers });
    return new Response(verdict === 'headers-only' ? null : new Uint8Array(answer.bytes), { status, headers });
  }

  return { lookup, respond, file };
}
