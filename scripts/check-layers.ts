#!/usr/bin/env node
// The import direction of DESIGN.md section 2, checked over src/ (part of `npm run check`): no import cycle between
// the folders of src/, none of the forbidden edges below, and no import cycle between two files (of any length, a
// type import included) across src/, scripts/, functions/, netlify/ and the client package. Prints each offending
// import or circle; exits 1 on any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileCircles } from './file-circles.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
/** Where file circles are looked for (tests may import each other's helpers freely). */
const FILE_ROOTS = ['src', 'scripts', 'functions', 'netlify', 'packages/content-client/src', 'packages/content-client/scripts'].map((d) =>
  join(ROOT, d),
);
/** Folder -> folders it must never import. */
const FORBIDDEN: Record<string, string[]> = {
  schemas: ['core', 'api', 'store', 'catalog', 'origin', 'integration', 'site-data', 'machine', 'webhooks', 'blog', 'pages', 'dev'],
  core: ['api', 'store', 'catalog', 'origin', 'integration', 'site-data', 'machine', 'webhooks', 'blog', 'pages', 'dev', 'config.ts'],
  store: ['api', 'webhooks', 'origin', 'integration', 'site-data', 'machine', 'pages', 'dev'],
  api: ['origin', 'integration', 'pages', 'dev'],
};
const NOBODY_IMPORTS = ['origin', 'pages'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?ts|astro|m?js)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}
const files = walk(SRC);
const IMPORT = /(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/**
 * The files a file imports by relative path (type imports and re-exports included); `lazy: false` leaves out dynamic
 * `import()`s.
 */
const importsOf = (file: string, { lazy = true } = {}) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .filter((m) => lazy || m[1] !== undefined)
    .map((m) => resolve(dirname(file), (m[1] ?? m[2])!));

const top = (file: string) => relative(SRC, file).split('/')[0]!;
const edges = new Map<string, Map<string, string>>();
const problems: string[] = [];
for (const file of files) {
  for (const target of importsOf(file)) {
    if (!target.startsWith(`${SRC}/`)) continue;
    const [a, b] = [top(file), top(target)];
    if (a === b) continue;
    const where = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
    if (FORBIDDEN[a]?.includes(b)) problems.push(`forbidden: ${a}/ must not import ${b}: ${where}`);
    if (NOBODY_IMPORTS.includes(b)) problems.push(`forbidden: nothing in src/ imports ${b}/: ${where}`);
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, where);
  }
}

// Cycles between folders: a depth-first search from every folder back to itself.
const seen = new Set<string>();
for (const start of edges.keys()) {
  const stack: [string, string[]][] = [[start, [start]]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) {
        const cycle = [...path];
        const i = cycle.indexOf([...cycle].sort()[0]!);
        const key = [...cycle.slice(i), ...cycle.slice(0, i)].join(' -> ');
        if (!seen.has(key)) {
          seen.add(key);
          problems.push(`cycle: ${key} -> ${cycle[i]} (${edges.get(node)!.get(next)})`);
        }
      } else if (!path.includes(next) && path.length < 8) stack.push([next, [...path, next]]);
    }
  }
}

// Cycles between files: the strongly connected components of the import graph (Tarjan), each shown as one circle.
// A dynamic `import()` is not an edge here: it is how a declaration names the code it loads on first use (an
// endpoint's handler module, which what reads the declarations must not load), and that code may well import the
// declaration's types back. Between folders it still counts (above).
const allFiles = FILE_ROOTS.filter((d) => existsSync(d)).flatMap((d) => walk(d));
const known = new Set(allFiles);
const graph = new Map(allFiles.map((f) => [f, [...new Set(importsOf(f, { lazy: false }).filter((t) => known.has(t)))]]));
for (const circle of fileCircles(graph)) problems.push(`file cycle: ${circle.map((f) => relative(ROOT, f)).join(' -> ')}`);

for (const p of problems) console.error(p);
console.log(
  `layers: ${files.length} files of src/, ${allFiles.length} files checked for circles, ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
);
process.exit(problems.length ? 1 : 0);
