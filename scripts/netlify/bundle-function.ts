// A Netlify function laid out as its deploy ships it, to run it away from the checkout: the entry bundled by esbuild
// (netlify.toml's `node_bundler = "esbuild"`), its `[functions.<name>]` included_files copied at their paths under
// the base directory (the `dist/` ones from the build under test), and its external_node_modules, with the packages
// they depend on, beside it under node_modules/. Run the bundle with the returned directory as the working directory,
// as Netlify does. The zip's exact layout is Netlify's own; what this checks is that nothing the function reads at run
// time is missing from what netlify.toml ships. A function importing the build's on-request pages by their stable path
// (CURRENT_BUNDLE) gets the bundle of the build under test, as Netlify's bundling right after that build would.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { CURRENT_BUNDLE, RENDER_RECORD } from '../../src/build-time/render-bundle.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface FunctionBundle {
  /** The working directory to run it in. */
  dir: string;
  /** The bundled entry (an ES module). */
  entry: string;
  bundleBytes: number;
  /** Included files, by path under `dir`, and their bytes. */
  included: string[];
  includedBytes: number;
}

/** The functions netlify.toml configures (its `[functions.<name>]` blocks), in its order. */
export function netlifyFunctions(toml: string): string[] {
  return [...toml.matchAll(/^\[functions\.([\w-]+)\]/gm)].map((m) => m[1]!);
}

/** `[functions.<name>]`'s list-valued setting `key` in netlify.toml. */
export function tomlList(toml: string, name: string, key: string): string[] {
  const block = new RegExp(`^\\[functions\\.${name.replace(/[.-]/g, '\\$&')}\\]\\n((?:[ \\t]+.*\\n?)*)`, 'm').exec(toml)?.[1] ?? '';
  const list = new RegExp(`^\\s*${key} = \\[([^\\]]*)\\]`, 'm').exec(block)?.[1];
  return list ? [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : [];
}

/** The folders under `base`/`prefix`, at any depth, `prefix` among them (what `**` matches). */
function folders(base: string, prefix: string): string[] {
  const at = join(base, prefix);
  if (!existsSync(at) || !statSync(at).isDirectory()) return [];
  const below = readdirSync(at).flatMap((n) => folders(base, prefix ? `${prefix}/${n}` : n));
  return [prefix, ...below];
}

/** Files matching a glob whose `*` stands for one path segment's characters and `**` for any folders. */
function globFiles(base: string, glob: string): string[] {
  const parts = glob.split('/');
  let found = [''];
  for (const [i, part] of parts.entries()) {
    if (part === '**') {
      found = found.flatMap((prefix) => folders(base, prefix));
      if (i === parts.length - 1) found = found.flatMap((prefix) => globFiles(base, `${prefix}/*`.replace(/^\//, '')));
      continue;
    }
    const re = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    found = found.flatMap((prefix) => {
      const at = join(base, prefix);
      if (!existsSync(at) || !statSync(at).isDirectory()) return [];
      return readdirSync(at)
        .filter((n) => re.test(n))
        .map((n) => (prefix ? `${prefix}/${n}` : n))
        .filter((p) => (i === parts.length - 1 ? statSync(join(base, p)).isFile() : true));
    });
  }
  return found;
}

/** The package and everything it depends on that is installed, by name. */
function packageClosure(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const dir = join(ROOT, 'node_modules', name);
    if (seen.has(name) || !existsSync(join(dir, 'package.json'))) return;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep);
  };
  names.forEach(visit);
  return [...seen];
}

/**
 * What Netlify's bundler (zip-it-and-ship-it) puts at the top of an ES module function: CommonJS packages inside the
 * bundle find `require`, `__filename` and `__dirname`.
 */
const ESM_BANNER = [
  'import {createRequire as ___nfyCreateRequire} from "module";',
  'import {fileURLToPath as ___nfyFileURLToPath} from "url";',
  'import {dirname as ___nfyPathDirname} from "path";',
  'let __filename=___nfyFileURLToPath(import.meta.url);',
  'let __dirname=___nfyPathDirname(___nfyFileURLToPath(import.meta.url));',
  'let require=___nfyCreateRequire(import.meta.url);',
].join('\n');

/** CURRENT_BUNDLE as the build in `distDir` recorded its bundle (RENDER_RECORD), when it did. */
function buildPages(distDir: string): Plugin {
  return {
    name: 'build-pages',
    setup(b) {
      b.onResolve({ filter: /current\.mjs$/ }, (args) => {
        const record = join(distDir, RENDER_RECORD);
        if (resolve(args.resolveDir, args.path) !== CURRENT_BUNDLE || !existsSync(record)) return undefined;
        return { path: join((JSON.parse(readFileSync(record, 'utf8')) as { dir: string }).dir, 'entry.mjs') };
      });
    },
  };
}

export async function bundleFunction(name: string, { distDir, outDir }: { distDir: string; outDir: string }): Promise<FunctionBundle> {
  const toml = readFileSync(join(ROOT, 'netlify.toml'), 'utf8');
  const external = tomlList(toml, name, 'external_node_modules');
  const entry = join(outDir, 'functions', `${name}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'functions', `${name}.mts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile: entry,
    logLevel: 'error',
    external: ['pg-native', ...external],
    banner: { js: ESM_BANNER },
    plugins: [buildPages(distDir)],
  });
  const included: string[] = [];
  let includedBytes = 0;
  for (const glob of tomlList(toml, name, 'included_files')) {
    const [base, rest] = glob.startsWith('dist/') ? [distDir, glob.slice('dist/'.length)] : [ROOT, glob];
    for (const file of globFiles(base, rest)) {
      const to = join(outDir, glob.startsWith('dist/') ? 'dist' : '', file);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(base, file), to);
      included.push(relative(outDir, to));
      includedBytes += statSync(to).size;
    }
  }
  for (const pkg of packageClosure(external)) {
    const to = join(outDir, 'node_modules', pkg);
    mkdirSync(dirname(to), { recursive: true });
    if (!existsSync(to)) symlinkSync(join(ROOT, 'node_modules', pkg), to, 'dir');
  }
  return { dir: outDir, entry, bundleBytes: statSync(entry).size, included, includedBytes };
}
