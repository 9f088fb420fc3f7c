// Wraps the article commands: a change to the blog project's articles submits the article's URL to IndexNow (see
// src/build-time/indexnow/ping-blog-change.ts) and says so in the result and the human line. A failure is a warning.
import type { Command } from './command.ts';
import { pingBlogChange } from '../../src/build-time/indexnow/ping-blog-change.ts';

/** The slugs a command's result names: one article, or each article an archive published. */
const slugsOf = (r: Record<string, unknown>): string[] =>
  Array.isArray(r.published)
    ? r.published.map((a: { slug?: unknown }) => a.slug).filter((s): s is string => typeof s === 'string')
    : typeof r.slug === 'string'
      ? [r.slug]
      : [];

export function withIndexNow(cmd: Command): Command {
  return {
    ...cmd,
    async run(sql, p, config) {
      const result = await cmd.run(sql, p, config);
      if (result.unchanged) return result; // nothing changed: nothing to submit
      const projectId = String(result.project_id ?? p.flags.get('project') ?? '');
      const ping = projectId ? await pingBlogChange(sql, projectId, slugsOf(result), config) : undefined;
      return ping ? { ...result, ...ping } : result;
    },
    human(r, p) {
      const line = cmd.human(r, p);
      if (r.indexnow === 'submitted') return `${line}\nIndexNow: submitted ${r.indexnow_urls} URL${r.indexnow_urls === 1 ? '' : 's'}`;
      if (r.indexnow === 'failed') return `${line}\nwarning: IndexNow submission failed (${r.indexnow_error})`;
      return line;
    },
  };
}
