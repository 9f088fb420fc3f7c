// The HTML pages of a built site, read straight from dist: their paths, head tags and JSON-LD.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every page's path ("/glossary/seo/"), from each index.html under dist (404.html as /404/). */
export function htmlPaths(dist: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'index.html') out.push(`/${relative(dist, dir).split(sep).join('/')}/`.replace('//', '/'));
    }
  };
  walk(dist);
  return out.sort();
}

export const readPage = (dist: string, path: string): string =>
  readFileSync(path === '/404/' ? join(dist, '404.html') : join(dist, path, 'index.html'), 'utf8');

/** A meta tag's content by property or name. */
export const meta = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

/** Every JSON-LD block of a page, parsed. */
export const jsonLdBlocks = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

/** Every node of a page's JSON-LD, nested ones included, flattened. */
export function jsonLdNodes(html: string): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o['@type']) nodes.push(o);
    Object.entries(o).forEach(([k, x]) => {
      if (k !== '@context') visit(x);
    });
  };
  jsonLdBlocks(html).forEach(visit);
  return nodes;
}

export const ofType = (nodes: Record<string, unknown>[], type: string) =>
  nodes.filter((n) => ([] as unknown[]).concat(n['@type']).includes(type));
