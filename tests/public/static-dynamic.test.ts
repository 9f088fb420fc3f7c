import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { loadPublicApi } from '../../src/request/api/public/load-public-api.ts';
import { STATIC_PATHS_FILE } from '../../src/request/api/public/load-artifacts.ts';
import { decodePath, joinedPath } from '../../src/model/core/decode-path.ts';
import { endpoints } from '../../src/model/endpoints/registry.ts';
import { COLLECTIONS } from '../../src/model/catalog/collections.ts';

/** The registry as the routes these tests walk: pattern, API and static file. */
const routes = endpoints.map((e) => ({ pattern: e.pattern, api: e.api, file: e.static?.file }));

// DESIGN rule 1 and issue 3: a request without a query string gives byte for byte the static file's body. Proved
// for every file the build wrote, against the function as it runs on Netlify (loaded from the build's artifacts).
let distDir: string;
let site: string;
let handler: (req: Request) => Promise<Response>;
let table: Record<string, string>;
let files: string[];
beforeAll(async () => {
  ({ distDir, siteUrl: site } = await builtSite());
  handler = loadPublicApi(distDir).handler;
  table = JSON.parse(readFileSync(join(distDir, STATIC_PATHS_FILE), 'utf8'));
  files = Object.values(table);
});

/** The URL a static file answers: the route pattern with its slug filled in. */
function urlOf(file: string): string {
  for (const route of routes) {
    if (!route.file) continue;
    const m = new RegExp(`^${route.file.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`).exec(file);
    if (m) return route.pattern.replace(/:(\w+)/g, (_, n: string) => m.groups![n]!);
  }
  throw new Error(`no route writes ${file}`);
}

describe('static files equal the function, byte for byte', () => {
  it('covers every public route that has a static file, every list among them', () => {
    const lists = routes.filter((r) => r.file && !r.pattern.includes(':')).map((r) => r.file);
    for (const file of lists) expect(files).toContain(file);
    for (const file of files) expect(urlOf(file)).toMatch(/^\/api\/v1\//);
    // The edge router's table: each path with the file its route writes for it.
    for (const [path, file] of Object.entries(table)) expect(joinedPath(decodePath(urlOf(file))), file).toBe(path);
    expect(files.length).toBeGreaterThan(50);
  });

  it('for every static file: the query-less answer, and the answer with only unknown parameters', async () => {
    const mismatched: string[] = [];
    for (const file of files) {
      const onDisk = readFileSync(join(distDir, file));
      for (const query of ['', '?utm_source=newsletter']) {
        const res = await handler(new Request(`${site}${urlOf(file)}${query}`));
        expect(res.status).toBe(200);
        if (!Buffer.from(await res.arrayBuffer()).equals(onDisk)) mismatched.push(`${urlOf(file)}${query}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('for every list: the defaults spelled out give the same bytes as the static file', async () => {
    const lists = routes.filter((r) => r.file && !r.pattern.includes(':') && r.pattern !== '/api/v1/' && r.pattern !== '/api/v1/pricing');
    // pages, glossary, categories and each declared collection's list.
    expect(lists.length).toBe(3 + COLLECTIONS.length);
    for (const route of lists) {
      const onDisk = readFileSync(join(distDir, route.file!), 'utf8');
      const { limit } = JSON.parse(onDisk).data.pagination;
      const res = await handler(new Request(`${site}${route.pattern}?page=1&limit=${limit}`));
      expect(await res.text(), route.pattern).toBe(onDisk);
    }
  });
});
