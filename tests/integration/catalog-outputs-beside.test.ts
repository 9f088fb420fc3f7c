// The build writes the catalog's outputs in a worker thread beside the page render (catalog-outputs-beside.ts): the
// same files, byte for byte, as writing them in this thread; every step named; the worker's failure the build's.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type SiteContent } from '../../src/model/catalog/load-catalog.ts';
import { contentHash } from '../../src/model/catalog/load-catalog.ts';
import { limitsFrom } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';
import { outputStore } from '../../src/model/core/output-store.ts';
import { writeCatalogOutputsBeside } from '../../src/build-time/catalog-outputs-beside.ts';
import { writeCatalogOutputs } from '../../src/build-time/write-outputs.ts';

const limits = limitsFrom(readConfig());
let dir: string;
let content: SiteContent;

const files = (root: string): Map<string, string> =>
  new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const path = join(d.parentPath, d.name);
        return [path.slice(root.length), readFileSync(path, 'latin1')];
      }),
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skribra-beside-'));
  content = loadCatalog('content', 'https://example.test');
  content.catalog.build_id = contentHash(content.catalog);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the catalog outputs written beside the page render', () => {
  it('writes the same files as this thread does, names each step, and counts what it wrote', async () => {
    const here = join(dir, 'here');
    const beside = join(dir, 'beside');
    for (const d of [here, beside, join(dir, 'again')]) mkdirSync(d);
    const inThread = await writeCatalogOutputs(here, content, limits, { store: outputStore(join(dir, 'store-here')) });
    const steps: string[] = [];
    const written = await writeCatalogOutputsBeside(
      { out: beside, content, limits, blog: [], storeDir: join(dir, 'store-beside') },
      (name) => steps.push(name),
    );
    expect(steps).toEqual(['static API and twins', 'machine files', 'artifacts']);
    expect({ api: written.api, machine: written.machine }).toEqual(inThread);
    const a = files(here);
    const b = files(beside);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [path, bytes] of a) expect(b.get(path), path).toBe(bytes);
    // Its store was empty: every file written, none linked; the next build links them all.
    expect(written.linked).toBe(0);
    expect(written.written).toBeGreaterThan(content.catalog.pages.length);
    const again = await writeCatalogOutputsBeside(
      { out: join(dir, 'again'), content, limits, blog: [], storeDir: join(dir, 'store-beside') },
      () => {},
    );
    expect(again.linked).toBe(written.written);
  });

  it("rejects with the worker's error when the output cannot be written", async () => {
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    await expect(
      writeCatalogOutputsBeside({ out: join(blocked, 'dist'), content, limits, blog: [], storeDir: join(dir, 'store-x') }, () => {}),
    ).rejects.toThrow(/ENOTDIR/);
  });
});
