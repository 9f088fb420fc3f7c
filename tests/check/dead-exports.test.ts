import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deadExports } from '../../scripts/check-exports.ts';

const root = mkdtempSync(join(tmpdir(), 'h2b-dead-exports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

write(
  'src/a.ts',
  `export const used = 1;
export const dead = 2;
export function testOnly() {}
export const inFile = 3;
export const viaNamespace = 4;
export type Shape = { a: number };
const local = inFile + 1;
export { local as renamed };
`,
);
write('src/b.ts', "import { used } from './a.ts';\nimport type { Shape } from './a.ts';\nexport const b: Shape = { a: used };\n");
write('src/c.ts', "import * as all from './b.ts';\nexport default all;\n");
write('scripts/d.ts', "import('../src/c.ts');\nexport { renamed as again } from '../src/a.ts';\n");
write('src/site/pages/index.astro', "---\nimport { again } from '../../../scripts/d.ts';\n---\n<p>{again}</p>\n");
write('functions/f.mts', 'export default () => new Response();\nexport const config = {};\n');
write('tests/a.test.ts', "import { testOnly, viaNamespace } from '../src/a.ts';\n");

describe('dead exports', () => {
  it('reports what nothing but its declaration and tests uses, and marks exports only their own file uses', () => {
    const found = deadExports(root).map(
      (d) => `${d.file}: ${d.name}${d.usedInFile ? ' (in file)' : ''}${d.tests.length ? ' (tests)' : ''}`,
    );
    expect(found).toEqual(['src/a.ts: dead', 'src/a.ts: inFile (in file)', 'src/a.ts: testOnly (tests)', 'src/a.ts: viaNamespace (tests)']);
  });
});
