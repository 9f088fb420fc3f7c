// `next build` prerenders in several worker processes, and each has its own module state: left alone, every worker
// would sync the whole feed again (ceil(N/100) list requests each). generateStaticParams runs before any page is
// prerendered, in one worker; it leaves the feed here, one small file per slug, and the others read just the files
// of the pages they render, instead of holding the whole project in memory each.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildFeed, FeedEntry, ListedArticle } from './build-feed';

const DIR = join(process.cwd(), '.next', 'cache', 'skribra-feed');
// Every worker of one build is a child of the same `next build` process: a directory another build left is ignored.
const BUILD = String(process.ppid);
const slugFile = (slug: string) => join(DIR, 'slugs', `${encodeURIComponent(slug)}.json`);

export async function writeFeedHandoff(feed: BuildFeed): Promise<void> {
  await rm(DIR, { recursive: true, force: true });
  await mkdir(join(DIR, 'slugs'), { recursive: true });
  // One at a time: thousands of parallel writes would run out of file descriptors, and this is a second or two.
  for (const [slug, entry] of feed.bySlug) await writeFile(slugFile(slug), JSON.stringify(entry));
  await writeFile(join(DIR, 'list.json'), JSON.stringify(feed.listed));
  // Last, so a reader never trusts a directory half written.
  await writeFile(join(DIR, 'build'), BUILD);
}

let ready: Promise<boolean> | undefined;
const handoffReady = () =>
  (ready ??= readFile(join(DIR, 'build'), 'utf8').then(
    (b) => b === BUILD,
    () => false,
  ));

/** The slug's entry; null when this build's feed does not have the slug; undefined when there is no handoff. */
export async function handoffEntry(slug: string): Promise<FeedEntry | null | undefined> {
  if (!(await handoffReady())) return undefined;
  try {
    return JSON.parse(await readFile(slugFile(slug), 'utf8')) as FeedEntry;
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return null;
    throw err;
  }
}

export async function handoffList(): Promise<ListedArticle[] | undefined> {
  if (!(await handoffReady())) return undefined;
  return JSON.parse(await readFile(join(DIR, 'list.json'), 'utf8')) as ListedArticle[];
}
