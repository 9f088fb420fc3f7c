import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORE_FILE } from './load-artifacts.ts';
import type { Config } from '../../../model/config.ts';

/**
 * The build output a Netlify function reads its artifacts from. netlify.toml's `[functions] included_files` ships
 * dist/_skribra with each function at its path under the base directory, the working directory at run time;
 * SKRIBRA_DIST_DIR overrides (tests, benchmarks).
 */
export function artifactDir(config: Pick<Config, 'SKRIBRA_DIST_DIR'>): string {
  const dir = [config.SKRIBRA_DIST_DIR, resolve('dist')].find((d) => d && existsSync(join(d, CORE_FILE)));
  if (!dir)
    throw new Error(`no ${CORE_FILE} under SKRIBRA_DIST_DIR or ./dist: was the site built, and is it in [functions] included_files?`);
  return dir;
}
