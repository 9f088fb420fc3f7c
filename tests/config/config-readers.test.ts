// The config is read once, by an entry point, and passed down (DESIGN section 2, issue 25 item 4): every other module
// takes the config, or the few values it needs, from its caller. This fails naming any file under src/, functions/ or
// netlify/ that calls readConfig() (or imports it) outside the declared entry points. The other entry points live
// outside these folders and may read it too: astro.config.mjs (astro build and dev; it hands the config to the
// integrations, which hand the pages what they need: src/site/data/site-settings.ts) and scripts/ (npm start, the CLI,
// benchmarks). Tests are their own entry points.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'origin', 'dev', 'functions', 'netlify'];
/** Where readConfig() may be called: its own module, and the platform's entry points, each a few lines. */
const ENTRY_POINTS: RegExp[] = [
  /^src\/model\/config\.ts$/,
  /^functions\/[^/]+\.mts$/, // Netlify functions: each reads the config at cold start
  /^netlify\/edge-functions\/[^/]+\.ts$/, // edge functions
];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?ts|m?js|astro)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Lines that import readConfig or call it, found in the syntax tree (comments and strings do not count). */
function readerLines(code: string, file: string, lineOffset = 0): number[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const named = (n: ts.Node | undefined) =>
    n !== undefined &&
    (ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) &&
    (ts.isIdentifier(n) ? n.text : n.name.text) === 'readConfig';
  const visit = (node: ts.Node) => {
    const hit =
      (ts.isCallExpression(node) && named(node.expression)) ||
      (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'readConfig');
    if (hit) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1 + lineOffset);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** `file:line` of every read; an .astro file's frontmatter is parsed, its template searched as text. */
function readers(path: string): string[] {
  const file = relative(ROOT, path);
  const text = readFileSync(path, 'utf8');
  let lines: number[];
  if (file.endsWith('.astro')) {
    const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    const front = m?.[1] ?? '';
    const template = text.slice(m ? m[0].length : 0);
    const before = m ? text.slice(0, m.index + m[0].length).split('\n').length - 1 : 0;
    lines = [
      ...readerLines(front, `${file}.ts`, 1),
      ...template.split('\n').flatMap((l, i) => (/\breadConfig\s*\(/.test(l) ? [before + i + 1] : [])),
    ];
  } else {
    lines = readerLines(text, file);
  }
  return lines.map((l) => `${file}:${l}`);
}

const all = SCANNED.flatMap((d) => walk(join(ROOT, d))).flatMap(readers);
const isEntry = (where: string) => ENTRY_POINTS.some((re) => re.test(where.slice(0, where.lastIndexOf(':'))));

it('no module outside the entry points reads the config: it takes it from its caller', () => {
  expect(all.filter((w) => !isEntry(w))).toEqual([]);
});

it('the detector sees the entry points read it (so a parse that found nothing cannot pass the rule)', () => {
  expect(all.filter(isEntry).some((w) => w.startsWith('functions/content-api.mts:'))).toBe(true);
  expect(
    readerLines(
      "import { readConfig as rc } from './config.ts';\nconst c = cfg.readConfig();\n// readConfig()\nconst s = 'readConfig()';",
      'x.ts',
    ),
  ).toEqual([1, 2]);
});
