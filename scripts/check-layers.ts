#!/usr/bin/env node
// The import direction of DESIGN.md section 2, checked over the code (part of `npm run check`): the top folders import
// only downwards in LAYERS; inside any folder, no circle between its subfolders (no arrow back up in any room); and
// no import circle between two files (of any length, a type import included). Prints each offending import or circle;
// exits 1 on any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileCircles } from './file-circles.ts';

/**
 * The house from the top floor down, by when its code runs: an import goes to a later entry, never an earlier one.
 * Tooling (dev/: the dev server, the demo seed, test helpers the scripts share) and the local origin (npm start's
 * server) sit above the build; the build drives Astro over the site's pages; pages and the build call what answers
 * requests; that reads the store; everything reads the shared model.
 */
const LAYERS = ['dev', 'origin', 'src/build-time', 'src/site', 'src/request', 'src/store', 'src/model'];
/** Inside the model: the schemas import nothing of ours, the pure functions only the schemas. */
const FLOORS: Record<string, string[]> = { 'src/model/schemas': [], 'src/model/core': ['src/model/schemas'] };
/** Where file circles are looked for besides the layers (tests may import each other's helpers freely). */
const OTHER_ROOTS = ['scripts', 'functions', 'netlify', 'packages/content-client/src', 'packages/content-client/scripts'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?ts|astro|m?js)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}
const IMPORT = /(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s*['"](\.[^'"]+)['"]/gm;
/** The files a file imports by relative path (type imports and re-exports included), each marked when dynamic. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({
    target: resolve(dirname(file), (m[1] ?? m[2] ?? m[3])!),
    dynamic: m[2] !== undefined,
  }));

/** Every import of the house at `root` that breaks the layering, and every circle, as one line each. */
export function layerProblems(root: string): { problems: string[]; layered: number; checked: number } {
  const rel = (file: string) => relative(root, file);
  const within = (file: string, dir: string) => rel(file).startsWith(`${dir}/`);
  const layerOf = (file: string) => LAYERS.findIndex((l) => within(file, l));
  const layered = LAYERS.map((l) => join(root, l))
    .filter((d) => existsSync(d))
    .flatMap((d) => walk(d));
  const problems: string[] = [];
  // Each file read once: the layers and rooms count every import, the file cycles only the static ones.
  const imports = new Map(layered.map((f) => [f, importsOf(f)]));

  // Downwards only, between the top folders; the model's floors inside it.
  for (const file of layered) {
    const floor = Object.entries(FLOORS).find(([dir]) => within(file, dir));
    for (const { target } of imports.get(file)!) {
      const [a, b] = [layerOf(file), layerOf(target)];
      const where = `${rel(file)} -> ${rel(target)}`;
      if (b === -1) {
        if (!rel(target).startsWith('node_modules/')) problems.push(`outside the layers: ${where}`);
      } else if (b < a) problems.push(`upwards: ${LAYERS[a]}/ must not import ${LAYERS[b]}/: ${where}`);
      else if (floor && !within(target, floor[0]) && !floor[1].some((d) => within(target, d)))
        problems.push(`forbidden: ${floor[0]}/ imports only ${floor[1].join(', ') || 'nothing of ours'}: ${where}`);
    }
  }

  // No arrow back up in any room: in every folder, the imports between its subfolders (and files) form no circle.
  const rooms = new Map<string, Map<string, Set<string>>>();
  for (const file of layered) {
    for (const { target } of imports.get(file)!) {
      if (layerOf(target) === -1) continue;
      const [from, to] = [rel(file).split('/'), rel(target).split('/')];
      let i = 0;
      while (i < Math.min(from.length, to.length) - 1 && from[i] === to[i]) i++;
      if (i === 0 || from[i] === to[i]) continue;
      const room = from.slice(0, i).join('/');
      if (!rooms.has(room)) rooms.set(room, new Map());
      const graph = rooms.get(room)!;
      if (!graph.has(from[i]!)) graph.set(from[i]!, new Set());
      graph.get(from[i]!)!.add(to[i]!);
    }
  }
  for (const [room, graph] of rooms) {
    const asLists = new Map([...graph].map(([k, v]) => [k, [...v]]));
    // A circle of files alone is a file cycle, reported below.
    for (const circle of fileCircles(asLists))
      if (circle.some((n) => !n.includes('.'))) problems.push(`circle in ${room}/: ${circle.join(' -> ')}`);
  }

  // Cycles between files: the strongly connected components of the import graph (Tarjan), each shown as one circle.
  // A dynamic `import()` is not an edge here: it is how a declaration names the code it loads on first use (an
  // endpoint's handler module, which what reads the declarations must not load), and that code may well import the
  // declaration's types back. Between folders it still counts (above).
  const allFiles = [
    ...layered,
    ...OTHER_ROOTS.map((d) => join(root, d))
      .filter((d) => existsSync(d))
      .flatMap((d) => walk(d)),
  ];
  const known = new Set(allFiles);
  const staticTargets = (f: string) => (imports.get(f) ?? importsOf(f)).filter((i) => !i.dynamic).map((i) => i.target);
  const graph = new Map(allFiles.map((f) => [f, [...new Set(staticTargets(f).filter((t) => known.has(t)))]]));
  for (const circle of fileCircles(graph)) problems.push(`file cycle: ${circle.map(rel).join(' -> ')}`);
  return { problems, layered: layered.length, checked: allFiles.length };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const { problems, layered, checked } = layerProblems(resolve(import.meta.dirname, '..'));
  for (const p of problems) console.error(p);
  console.log(
    `layers: ${layered} files in ${LAYERS.length} layers, ${checked} files checked for circles, ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
  );
  process.exit(problems.length ? 1 : 0);
}
