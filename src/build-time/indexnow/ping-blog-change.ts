// After a change to the company blog's articles (publish, update, unpublish, redirect, noindex, retire), tell IndexNow
// about the article's URL: best effort, reported, never thrown.
import type { Sql } from 'postgres';
import type { Config } from '../../model/config.ts';
import { paths } from '../../model/core/urls.ts';
import { getBlogProjectId } from '../../store/repos/blog-project.ts';
import { indexNowSettings, isOn } from './indexnow-settings.ts';
import { submitUrls, type SubmitOptions } from './submit-urls.ts';

export type PingResult = { indexnow: 'submitted'; indexnow_urls: number } | { indexnow: 'failed'; indexnow_error: string };

/** Undefined when IndexNow is off, there is no slug, or the project is not the blog's (all from the entry point's `config`). */
export async function pingBlogChange(
  sql: Sql,
  projectId: string,
  slugs: readonly string[],
  config: Config,
  options: SubmitOptions = {},
): Promise<PingResult | undefined> {
  const s = indexNowSettings(config);
  if (!slugs.length || !(isOn(s) || s.off) || projectId !== (await getBlogProjectId(sql, config.SKRIBRA_BLOG_PROJECT_ID))) return undefined;
  if (!isOn(s)) return { indexnow: 'failed', indexnow_error: s.off! };
  const r = await submitUrls(
    s,
    slugs.map((slug) => `${s.site}${paths.article(slug)}`),
    options,
  );
  return r.error ? { indexnow: 'failed', indexnow_error: r.error } : { indexnow: 'submitted', indexnow_urls: r.submitted.length };
}
