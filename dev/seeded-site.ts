import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../src/store/open-store.ts';
import { seedDemo } from './seed/seed.ts';
import type { Config } from '../src/model/config.ts';
import { astroBuild } from '../src/build-time/astro-build.ts';

export interface SeededSite {
  store: Store;
  distDir: string;
  /** The embedded server's data dir (undefined on DATABASE_URL): what a second process (the CLI) opens the store by. */
  dataDir: string | undefined;
  cleanup: () => Promise<void>;
}

/**
 * A store of its own (a temp embedded PostgreSQL, or DATABASE_URL), seeded with the demo and house blog, and the
 * site built from it for `siteUrl` into a temp dir: what the browser tests and the site audit run against.
 * `beforeBuild` adds what a suite needs in the store first (the browser tests' hostile blog article). `config` is
 * the caller's (the store's settings; DATABASE_URL picks the store).
 */
export async function buildSeededSite(
  config: Config,
  siteUrl: string,
  label: string,
  beforeBuild?: (store: Store) => Promise<void>,
): Promise<SeededSite> {
  const dataDir = config.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), `skribra-${label}-data-`));
  const store = await openStore({ config, dataDir });
  const distDir = mkdtempSync(join(tmpdir(), `skribra-${label}-dist-`));
  const cleanup = async () => {
    await store.close({ wait: true });
    rmSync(distDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedDemo(store, { config });
    await beforeBuild?.(store);
    astroBuild({
      outDir: distDir,
      quiet: true,
      env: { SITE_URL: siteUrl, SKRIBRA_CONTENT_DIR: '', ...(dataDir ? { SKRIBRA_DATA_DIR: dataDir } : {}) },
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { store, distDir, dataDir, cleanup };
}
