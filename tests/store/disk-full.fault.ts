// A full disk under the store: the data dir on a small tmpfs, filled to the brim. Publishing fails within the
// store's wait bound naming the full disk, reads go on, and once space is freed the next publish succeeds with no
// file removed by hand. Needs root (mount); skipped otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openStore, type Store } from '../../src/store/open-store.ts';
import { readConfig } from '../../src/model/config.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { api, bearer } from '../content/helpers.ts';

const mountPoint = mkdtempSync(join(tmpdir(), 'skribra-full-disk-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', mountPoint]).status === 0;
const dataDir = join(mountPoint, 'data');
const filler = join(mountPoint, 'filler');
const bin = new URL('../../scripts/skribra.mjs', import.meta.url).pathname;
let store: Store;
let project: string;
let key: string;

async function publish(slug: string) {
  const file = join(tmpdir(), `${slug}.json`);
  writeFileSync(file, JSON.stringify({ title: slug, slug, content_html: `<p>${slug}</p>` }));
  const started = Date.now();
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'article', 'publish', '--project', project, '--file', file], {
      env: { ...process.env, SKRIBRA_DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout, ms: Date.now() - started };
  } catch (err: any) {
    return { code: err.code as number, out: `${err.stdout}${err.stderr}`, ms: Date.now() - started };
  }
}

/** Writes zeros until the file system refuses. */
function fill() {
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(1 << 20);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  if (!mounted) return;
  store = await openStore({ config: readConfig(), dataDir });
  const acc = await createAccount(store.sql, 'Full disk');
  key = acc.api_key;
  project = await createProject(store.sql, { accountId: acc.account_id, name: 'Blog', apiEnabled: true });
});
afterAll(async () => {
  await store?.close({ wait: true });
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a full disk under the store', () => {
  it('fails a publish within 30 s naming the disk, keeps reads going, and heals once space is freed', async () => {
    expect((await publish('before-full')).code).toBe(0);
    fill();
    const full = await publish('while-full');
    expect(full.code).toBe(1);
    console.log(`while full: ${full.out.trim()}`);
    expect(full.out).toMatch(/full|no space left on device/i);
    expect(full.ms).toBeLessThan(30_000);
    // Reads go on: the content API answers from the store as before.
    const list = await api(store)(`/v1/articles?projectId=${project}`, bearer(key));
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((a: any) => a.slug)).toEqual(['before-full']);

    rmSync(filler);
    const healed = await publish('after-full');
    expect(healed.out).toMatch(/^published after-full/);
    expect(healed.code).toBe(0);
  }, 120_000);
});
