// After a change to the company blog's articles, ask the host to rebuild the site (a Netlify build hook:
// SKRIBRA_BUILD_HOOK_URL), so the static blog pages, twins, sitemap and feed follow the store. The API is live
// meanwhile. A failed hook never fails the change itself: it is reported, and the next build catches up.
import type { Sql } from 'postgres';
import { getBlogProjectId } from '../store/seed.ts';
import type { Config } from '../config.ts';

const HOOK_TIMEOUT_MS = 5000;

export type RebuildResult = { build_hook: 'triggered' } | { build_hook: 'failed'; build_hook_error: string };

/** Undefined when no hook is set or the project is not the blog's (both from the entry point's `config`). */
export async function triggerBlogRebuild(
  sql: Sql,
  projectId: string,
  config: Pick<Config, 'SKRIBRA_BUILD_HOOK_URL' | 'SKRIBRA_BLOG_PROJECT_ID'>,
): Promise<RebuildResult | undefined> {
  const hook = config.SKRIBRA_BUILD_HOOK_URL;
  if (!hook || projectId !== (await getBlogProjectId(sql, config.SKRIBRA_BLOG_PROJECT_ID))) return undefined;
  try {
    const res = await fetch(hook, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) return { build_hook: 'failed', build_hook_error: `the build hook answered ${res.status}` };
    return { build_hook: 'triggered' };
  } catch (err) {
    return { build_hook: 'failed', build_hook_error: (err as Error).message };
  }
}
