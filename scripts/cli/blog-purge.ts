// Wraps the article commands: a change to the blog project's articles is purged from the caches right away (see
// src/request/blog/drain-blog-purges.ts) and the result and the human line say so. A refused purge is a warning: the change is
// in the store's log, and the purge worker (npm start's, or Netlify's scheduled function) sends it again.
import type { Command } from './command.ts';
import { changeTags } from '../../src/model/core/cache-tags.ts';
import { drainBlogPurges } from '../../src/request/blog/drain-blog-purges.ts';
import { getBlogProjectId } from '../../src/store/repos/blog-project.ts';

/** How long the CLI waits for its purges (a batch per target every 2.5 s): a publish is not held up longer. */
const PURGE_BUDGET_MS = 8000;
/** More articles than this are named by their count in the human line. */
const NAMED = 3;

/** The slugs a command's result names: one article, or each article an archive published. */
const slugsOf = (r: Record<string, unknown>): string[] =>
  Array.isArray(r.published)
    ? r.published.map((a: { slug?: unknown }) => a.slug).filter((s): s is string => typeof s === 'string')
    : typeof r.slug === 'string'
      ? [r.slug]
      : [];

export function withBlogPurge(cmd: Command): Command {
  return {
    ...cmd,
    async run(sql, p, config) {
      const result = await cmd.run(sql, p, config);
      if (result.unchanged) return result; // nothing changed: nothing to purge or submit
      const projectId = String(result.project_id ?? p.flags.get('project') ?? '');
      if (!projectId || projectId !== (await getBlogProjectId(sql, config.SKRIBRA_BLOG_PROJECT_ID))) return result;
      const outcomes = await drainBlogPurges(sql, { config, budgetMs: PURGE_BUDGET_MS, log: () => {} });
      if (!outcomes) return result;
      const failed = outcomes.filter((o) => o.state === 'failed');
      const behind = outcomes.filter((o) => o.state === 'behind');
      return {
        ...result,
        cache_purge: failed.length ? 'failed' : behind.length ? 'queued' : 'purged',
        cache_purge_targets: outcomes.map((o) => o.target),
        ...(failed.length
          ? { cache_purge_error: failed.map((o) => `${o.target}: ${o.state === 'failed' ? o.error : ''}`).join('; ') }
          : {}),
      };
    },
    human(r, p) {
      const line = cmd.human(r, p);
      if (!r.cache_purge) return line;
      const targets = (r.cache_purge_targets as string[]).join(', ');
      if (r.cache_purge === 'failed')
        return `${line}\nwarning: the cache purge failed (${r.cache_purge_error}); the purge worker sends it again`;
      if (r.cache_purge === 'queued') return `${line}\ncache purge queued (${targets}): the purge worker sends the rest`;
      const slugs = slugsOf(r);
      const tags =
        slugs.length > NAMED ? `blog and the pages of ${slugs.length} articles` : [...new Set(slugs.flatMap(changeTags))].sort().join(', ');
      return `${line}\ncache purged: ${tags || 'blog'} (${targets})`;
    },
  };
}
