// The layering check of `npm run check` (scripts/check-layers.ts) over a small house of its own: imports go down the
// layers only, the model's schemas and core keep to their floors, no folder holds a circle between its subfolders,
// and no two files import each other; the real house passes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layerProblems } from '../../scripts/check-layers.ts';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
/** A house of `files` (path -> the relative paths it imports; `run:` a path imported for its side effects alone). */
function house(files: Record<string, string[]>): string {
  const root = mkdtempSync(join(tmpdir(), 'skribra-layers-'));
  roots.push(root);
  for (const [file, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(
      join(root, file),
      `${imports.map((i, n) => (i.startsWith('run:') ? `import '${i.slice(4)}';\n` : `import { x${n} } from '${i}';\n`)).join('')}export const x = 1;\n`,
    );
  }
  return root;
}

describe('layer check', () => {
  it('passes a house whose imports all go down', () => {
    const root = house({
      'src/request/api/a.ts': ['../../store/s.ts', '../../model/core/c.ts'],
      'src/store/s.ts': ['../model/schemas/t.ts'],
      'src/model/core/c.ts': ['../schemas/t.ts'],
      'src/model/schemas/t.ts': [],
      'origin/o.ts': ['../src/request/api/a.ts'],
    });
    expect(layerProblems(root)).toEqual({ problems: [], layered: 5, checked: 5 });
  });

  it('names an import that goes up a layer, leaves the floors, or leaves the layers', () => {
    const root = house({
      'src/store/s.ts': ['../request/r.ts'],
      'src/store/t.ts': ['run:../request/r.ts'],
      'src/request/r.ts': [],
      'src/model/core/c.ts': ['../catalog/k.ts'],
      'src/model/catalog/k.ts': [],
      'src/model/schemas/t.ts': ['../../../scripts/x.ts'],
      'scripts/x.ts': [],
    });
    expect(layerProblems(root).problems.sort()).toEqual([
      'forbidden: src/model/core/ imports only src/model/schemas: src/model/core/c.ts -> src/model/catalog/k.ts',
      'outside the layers: src/model/schemas/t.ts -> scripts/x.ts',
      'upwards: src/store/ must not import src/request/: src/store/s.ts -> src/request/r.ts',
      'upwards: src/store/ must not import src/request/: src/store/t.ts -> src/request/r.ts',
    ]);
  });

  it('names a circle between two subfolders of one folder, and between two files', () => {
    const root = house({
      'src/request/blog/b.ts': ['../api/a.ts'],
      'src/request/api/a.ts': ['../blog/c.ts'],
      'src/request/blog/c.ts': [],
      'src/site/p.ts': ['./q.ts'],
      'src/site/q.ts': ['./p.ts'],
    });
    expect(layerProblems(root).problems.sort()).toEqual([
      'circle in src/request/: api -> blog -> api',
      'file cycle: src/site/p.ts -> src/site/q.ts -> src/site/p.ts',
    ]);
  });

  it('passes the real house', () => {
    expect(layerProblems(resolve(import.meta.dirname, '../..')).problems).toEqual([]);
  });
});
