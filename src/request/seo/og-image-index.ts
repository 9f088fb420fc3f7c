// What the image function needs to render any image of the site by its URL: each image's card and width by the key
// in its URL, in 256 files by the key's first two hex digits (`_skribra/og/3f.json`), so a request reads one small
// file (about 100 KB for 100,000 pages) and an instance keeps what it read. Written by the build, stamped with a
// format and the build id (DESIGN rule 9).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ARTIFACT_DIR } from '../api/public/load-artifacts.ts';
import type { Config } from '../../model/config.ts';
import type { OgCard } from './og-cards.ts';
import { URL_KEY_LENGTH } from './og-image-key.ts';
import type { OgImageSet } from './og-image-set.ts';

export const OG_INDEX_DIR = `${ARTIFACT_DIR}/og`;
export const OG_INDEX_FORMAT = 1;
/** What a function ships to read the index: netlify.toml's included_files lists it. */
export const OG_INDEX_FILES = `${OG_INDEX_DIR}/*`;

export interface OgIndexEntry {
  card: OgCard;
  width: number;
  host: string;
}
interface IndexFile {
  format: number;
  build_id: string;
  host: string;
  images: Record<string, { card: OgCard; width: number }>;
}

/**
 * The build output the image function reads the index from: SKRIBRA_DIST_DIR (tests, benchmarks), else ./dist, where
 * netlify.toml's included_files puts it (the base directory is the working directory at run time).
 */
export function ogIndexRoot(config: Pick<Config, 'SKRIBRA_DIST_DIR'>): string {
  const dir = [config.SKRIBRA_DIST_DIR, resolve('dist')].find((d) => d && existsSync(join(d, OG_INDEX_DIR)));
  if (!dir)
    throw new Error(
      `no ${OG_INDEX_DIR}/ under SKRIBRA_DIST_DIR or ./dist: was the site built, and is it in the function's included_files?`,
    );
  return dir;
}

const fileOf = (key: string) => `${OG_INDEX_DIR}/${key.slice(0, 2)}.json`;

/** The index's files by path under dist/; only prefixes some image has. Throws if two images share a URL key. */
export function ogIndexFiles(set: OgImageSet, buildId: string): Map<string, string> {
  const files = new Map<string, IndexFile>();
  for (const { key, card, width } of set.images) {
    const file = fileOf(key);
    let index = files.get(file);
    if (!index) files.set(file, (index = { format: OG_INDEX_FORMAT, build_id: buildId, host: set.host, images: {} }));
    const short = key.slice(0, URL_KEY_LENGTH);
    if (index.images[short]) throw new Error(`two Open Graph images share the URL key ${short}: lengthen URL_KEY_LENGTH`);
    index.images[short] = { card, width };
  }
  return new Map([...files].map(([file, index]) => [file, JSON.stringify(index)]));
}

/** Chunks kept parsed by one instance: all 256 of a 100,000-page site are about 25 MB of JSON. */
const KEPT = 64;

/**
 * Looks images up by URL key through `read` (a file under dist/, or undefined when there is none): a key no image has
 * is undefined. A file of another format is refused loudly.
 */
export function ogImageIndex(read: (file: string) => string | undefined): (key: string) => OgIndexEntry | undefined {
  const kept = new Map<string, IndexFile | null>();
  const load = (file: string): IndexFile | null => {
    const text = read(file);
    if (text === undefined) return null;
    const index = JSON.parse(text) as IndexFile;
    if (index.format !== OG_INDEX_FORMAT)
      throw new Error(`${file} has format ${index.format}, this code reads ${OG_INDEX_FORMAT}: rebuild`);
    return index;
  };
  return (key) => {
    const file = fileOf(key);
    let index = kept.get(file);
    if (index === undefined) index = load(file);
    else kept.delete(file);
    kept.set(file, index); // most recently used last
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return index && Object.hasOwn(index.images, key) ? { ...index.images[key]!, host: index.host } : undefined;
  };
}
