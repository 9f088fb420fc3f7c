// The Netlify edge functions' bundle is Deno's module graph of what they import, and that graph follows every
// literal import, lazy ones included. The edge functions route from the build's JSON (the static API's paths, the
// twins' paths), so the graph holds neither the registry nor any endpoint declaration, nor zod and the schemas they
// bring, and no handler code: nothing of the store or its driver, not the MCP SDK.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const deno = join(root, 'node_modules/.bin/deno');
const edgeDir = join(root, 'netlify/edge-functions');

/** The modules of src/ each edge function imports (its other imports are the build's JSON and Netlify's types). */
const srcImports = readdirSync(edgeDir).flatMap((file) =>
  [...readFileSync(join(edgeDir, file), 'utf8').matchAll(/from '\.\.\/\.\.\/(src\/[^']+\.ts)'/g)].map((m) => m[1]!),
);

/** Every module of the graph Deno builds from `file`, as paths below the repository. */
function graphOf(file: string): string[] {
  const out = execFileSync(deno, ['info', '--json', '--node-modules-dir=manual', file], { cwd: root, encoding: 'utf8' });
  const { modules } = JSON.parse(out) as { modules: { specifier: string }[] };
  return modules.map((m) => m.specifier.replace(`file://${root}/`, ''));
}

describe('the Netlify edge bundle', () => {
  it('imports src/ through the route decision', () => {
    expect(srcImports).toEqual(expect.arrayContaining(['src/request/api/public/function-mount.ts']));
  });

  it('holds no registry, no declaration, no schema and no handler code', { timeout: 60_000 }, () => {
    const graph = [...new Set(srcImports.flatMap(graphOf))];
    expect(graph).toContain('src/request/api/public/function-mount.ts');
    const held = graph.filter((m) =>
      /registry\.ts$|\.endpoint\.ts$|^src\/model\/schemas\/|zod\/|\.handler\.ts$|^src\/store\/|create-content-api|\/postgres\/|@modelcontextprotocol/.test(
        m,
      ),
    );
    expect(held).toEqual([]);
  });
});
