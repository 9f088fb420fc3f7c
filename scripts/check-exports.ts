#!/usr/bin/env node
// Dead exports, for `npm run check`: every export of src/, scripts/, functions/, netlify/ and the client package's
// sources must be used by some file that is not a test. Dead, and the check fails, when nothing but tests uses it:
// no other file imports it and its own file does not use it either (code that nothing runs; a test of it proves
// nothing), unless ENTRY says what outside the repository reads the file's exports, or TEST_ONLY why a test must
// read it. An export its own file uses but no other file imports is live code with a needless `export`: listed
// with --strict, not a failure. Prints each dead export with its file; exits 1 on any.
//
// Imports are read from the syntax of every .ts/.mts/.mjs/.js file and the frontmatter and scripts of every .astro
// file of the repository (tests and examples included): `import {a}`, `import x` (default), `export {a} from`,
// `import * as ns` / `export * from` / `import()` / `typeof import()` (every export of the target: what is read of a
// namespace is not followed). A name used only inside its own file needs no `export`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Where exports are checked. */
const CHECKED = [
  'src',
  'origin',
  'dev',
  'scripts',
  'functions',
  'netlify',
  'packages/content-client/src',
  'packages/content-client/scripts',
];
/** Where imports are read: the checked folders, the tests, the examples and the root's config files. */
const READ = [...CHECKED, 'tests', 'examples', 'astro.config.mjs', 'vitest.config.ts', 'vitest.e2e.config.ts'];

/**
 * Files whose exports are read by something other than an import of ours, so every export of theirs counts as used.
 * Kept to what a runtime or a package consumer reads:
 */
const ENTRY: { test: (file: string) => boolean; why: string }[] = [
  { test: (f) => f.startsWith('src/site/pages/'), why: "Astro reads a page's getStaticPaths, prerender, GET and the like" },
  { test: (f) => /^functions\/[^/]+\.mts$/.test(f), why: 'Netlify reads a function’s default export and config' },
  { test: (f) => /^netlify\/edge-functions\/[^/]+\.ts$/.test(f), why: 'Netlify reads an edge function’s default and config' },
  {
    test: (f) => /^(src\/[^/]+|dev)\/[^/]+-middleware\.ts$/.test(f),
    why: "Astro reads a middleware's onRequest (an integration's addMiddleware)",
  },
  {
    test: (f) => /^src\/request\/api\/[^/]+\/[^/]+\.handler\.ts$/.test(f),
    why: "the API loads an endpoint's handler by its file name ({id}.handler.ts), when first served",
  },
  {
    test: (f) => ['index.ts', 'file-cache.ts', 'astro.ts', 'images.ts'].some((e) => f === `packages/content-client/src/${e}`),
    why: "the client package's exports (package.json `exports`) are its users' API",
  },
];

/**
 * Exports only tests read, on purpose, `file: name` -> why: a fact a test holds a literal copy to, where the copy
 * cannot import it; the whole-in-memory form of an output the build streams, which tests hold the streamed files to
 * (kept beside the writer: it is made of the writer's own parts).
 */
const TEST_ONLY: Record<string, string> = {
  'src/model/endpoints/registry.ts: NETLIFY_PATHS':
    "Netlify reads functions' config.path statically, so it is a literal there; the tests hold it to the registry",
  'src/request/api/public/load-artifacts.ts: FUNCTION_ARTIFACTS': "netlify.toml's included_files is a literal; the tests hold it to this",
  'src/request/seo/og-image-index.ts: OG_INDEX_FILES': "netlify.toml's included_files is a literal; the tests hold it to this",
  'src/model/catalog/build-twins.ts: buildTwins': 'every twin at once; the build renders them one by one (twinOf)',
  'src/request/machine/llms-full-txt.ts: llmsFullTxt': 'llms-full.txt as one string; the build streams llmsFullChunks',
  'src/request/machine/sitemap-xml.ts: sitemapXml': 'the sitemap as one file; the build writes sitemapFiles',
};

const SOURCE = /\.(m?ts|m?js|astro)$/;
function walk(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    if (SOURCE.test(path) && !path.endsWith('.d.ts')) out.push(path);
    return out;
  }
  for (const name of readdirSync(path))
    if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) walk(join(path, name), out);
  return out;
}

const isTest = (relPath: string) => relPath.startsWith('tests/') || relPath.endsWith('.test.ts');

/** The script text of a file: an .astro file's frontmatter and <script> bodies, else the whole file. */
function scriptOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n;\n');
}

/** A relative specifier as the file it names (with the extension it is written with, or .ts/.tsx/index.ts). */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p) && statSync(p).isFile());
}

interface Facts {
  exports: Set<string>;
  /** How often each identifier occurs in the file (its declaration included). */
  mentions: Map<string, number>;
  /** Target file -> names imported from it ('*' for all of them). */
  imports: Map<string, Set<string>>;
}

function factsOf(file: string): Facts {
  const source = ts.createSourceFile(file, scriptOf(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const exports = new Set<string>();
  const imports = new Map<string, Set<string>>();
  const use = (spec: string, name: string) => {
    const target = resolveSpecifier(file, spec);
    if (!target) return;
    if (!imports.has(target)) imports.set(target, new Set());
    imports.get(target)!.add(name);
  };
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (!clause) continue;
      if (clause.name) use(spec, 'default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(spec, '*');
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) use(spec, (el.propertyName ?? el.name).text);
    } else if (ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
      if (!node.exportClause) {
        if (spec) use(spec, '*');
        continue;
      }
      if (ts.isNamespaceExport(node.exportClause)) {
        exports.add(node.exportClause.name.text);
        if (spec) use(spec, '*');
        continue;
      }
      for (const el of node.exportClause.elements) {
        exports.add(el.name.text);
        if (spec) use(spec, (el.propertyName ?? el.name).text);
      }
    } else if (ts.isExportAssignment(node)) {
      exports.add('default');
    } else if (exported(node)) {
      if (isDefault(node)) exports.add('default');
      else if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) for (const name of bindingNames(d.name)) exports.add(name);
      } else {
        const name = (node as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) exports.add(name.text);
      }
    }
  }
  // `import('./x')` and `typeof import('./x')` anywhere: every export of the target.
  const mentions = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) mentions.set(node.text, (mentions.get(node.text) ?? 0) + 1);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) use(arg.text, '*');
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        use(arg.literal.text, node.qualifier ? qualifierName(node.qualifier) : '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exports, mentions, imports };
}

const qualifierName = (q: ts.EntityName): string => (ts.isIdentifier(q) ? q.text : qualifierName(q.left));

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

export interface DeadExport {
  file: string;
  name: string;
  /** The tests that import it, when only tests do. */
  tests: string[];
  /** Whether its own file uses it besides declaring it: then only its `export` is needless (--strict). */
  usedInFile: boolean;
}

/** Every export of the checked folders under `root` that no file outside the tests imports (TEST_ONLY aside). */
export function deadExports(root: string): DeadExport[] {
  const rel = (file: string) => relative(root, file);
  const files = [...new Set(READ.flatMap((p) => walk(join(root, p))))];
  const facts = new Map(files.map((f) => [f, factsOf(f)]));
  /** Target -> name -> importers. */
  const importers = new Map<string, Map<string, string[]>>();
  for (const [file, { imports }] of facts)
    for (const [target, names] of imports) {
      if (!importers.has(target)) importers.set(target, new Map());
      for (const name of names) importers.get(target)!.set(name, [...(importers.get(target)!.get(name) ?? []), file]);
    }
  const dead: DeadExport[] = [];
  for (const [file, { exports, mentions }] of facts) {
    const r = rel(file);
    if (!CHECKED.some((c) => r.startsWith(`${c}/`)) || isTest(r) || ENTRY.some((e) => e.test(r))) continue;
    const by = importers.get(file) ?? new Map<string, string[]>();
    for (const name of exports) {
      const users = [...(by.get(name) ?? []), ...(by.get('*') ?? [])].filter((u) => u !== file);
      if (users.some((u) => !isTest(rel(u))) || TEST_ONLY[`${r}: ${name}`]) continue;
      dead.push({ file: r, name, tests: [...new Set(users.map(rel))].sort(), usedInFile: (mentions.get(name) ?? 0) > 1 });
    }
  }
  return dead.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const strict = process.argv.includes('--strict');
  const all = deadExports(resolve(import.meta.dirname, '..'));
  const dead = all.filter((d) => !d.usedInFile);
  for (const d of strict ? all : dead)
    console.error(
      `${d.usedInFile ? 'needless export' : 'dead export'}: ${d.file}: ${d.name}${d.tests.length ? ` (imported only by tests: ${d.tests.join(', ')})` : ''}`,
    );
  const needless = all.length - dead.length;
  console.log(`exports: ${dead.length} dead; ${needless} used only in their own file${strict ? '' : ' (--strict lists them)'}`);
  process.exit(dead.length ? 1 : 0);
}
