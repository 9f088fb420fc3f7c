// The blog's pages as files beside the build's (the blog is answered on request, src/request/blog/live-blog.ts), so the
// checkers that read pages from a folder (the Nu HTML Checker, the fragment check) read them too: every blog page
// the sitemap names and every page of the /blog/ index, as the local origin over the store answers them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';
import { blogIndexPath } from '../../src/request/blog/blog-index.ts';
import type { Config } from '../../src/model/config.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { sitemapPaths } from './check-links.ts';

/** Writes the pages into `distDir`; returns how many. */
export async function writeLivePages(distDir: string, siteUrl: string, config: Config, sql: Sql): Promise<number> {
  const { handler } = createLocalOrigin({ distDir, config, sql });
  const get = (path: string) => handler(new Request(new URL(path, siteUrl)));
  const paths = sitemapPaths(await (await get('/sitemap.xml')).text()).filter((p) => p.startsWith('/blog/'));
  for (let n = 2; ; n++) {
    if ((await get(blogIndexPath(n))).status !== 200) break;
    paths.push(blogIndexPath(n));
  }
  for (const path of paths) {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    mkdirSync(join(distDir, path), { recursive: true });
    writeFileSync(join(distDir, path, 'index.html'), await res.text());
  }
  return paths.length;
}
