// Wraps the article commands: a change to the blog project's articles calls the build hook (see
// src/blog/trigger-rebuild.ts) and says so in the result and the human line.
import type { Command } from './command.ts';
import { triggerBlogRebuild } from '../../src/blog/trigger-rebuild.ts';

export function withBlogRebuild(cmd: Command): Command {
  return {
    ...cmd,
    async run(sql, p, config) {
      const result = await cmd.run(sql, p, config);
      if (result.unchanged) return result; // nothing changed: nothing to rebuild or submit
      const projectId = String(result.project_id ?? p.flags.get('project') ?? '');
      const rebuild = projectId ? await triggerBlogRebuild(sql, projectId, config) : undefined;
      return rebuild ? { ...result, ...rebuild } : result;
    },
    human(r, p) {
      const line = cmd.human(r, p);
      if (r.build_hook === 'triggered') return `${line}\nsite rebuild requested (build hook)`;
      if (r.build_hook === 'failed')
        return `${line}\nwarning: the build hook failed (${r.build_hook_error}); the blog pages update at the next build`;
      return line;
    },
  };
}
