// The server bundles a build leaves in node_modules/.cache/skribra-render/: a build prunes those no longer needed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneRenderBundles } from '../../src/build-time/render-bundle.ts';

const tmp = mkdtempSync(join(tmpdir(), 'skribra-bundles-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HOUR = 60 * 60 * 1000;

describe('pruneRenderBundles', () => {
  it('removes a bundle whose output is gone and one no build recorded for a day; keeps the rest', () => {
    const bundles = join(tmp, 'skribra-render');
    const out = join(tmp, 'dist');
    mkdirSync(out, { recursive: true });
    mkdirSync(bundles);
    const bundle = (name: string, { outDir, hoursOld }: { outDir?: string; hoursOld: number }) => {
      const dir = join(bundles, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'entry.mjs'), 'export const render = () => {};\n');
      if (outDir) writeFileSync(join(dir, 'out-dir.txt'), outDir);
      const then = new Date(Date.now() - hoursOld * HOUR);
      utimesSync(dir, then, then);
    };
    bundle('recorded', { outDir: out, hoursOld: 48 });
    bundle('output-gone', { outDir: join(tmp, 'no-such-dist'), hoursOld: 0 });
    bundle('unrecorded-for-a-day', { hoursOld: 25 });
    bundle('still-building', { hoursOld: 1 });
    writeFileSync(join(bundles, 'current.mjs'), "export { render } from './recorded/entry.mjs';\n");
    utimesSync(join(bundles, 'current.mjs'), new Date(Date.now() - 48 * HOUR), new Date(Date.now() - 48 * HOUR));

    pruneRenderBundles(bundles);
    expect(readdirSync(bundles).sort()).toEqual(['current.mjs', 'recorded', 'still-building']);
  });
});
