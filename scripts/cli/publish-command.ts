// `skribra article publish`: one article, or an archive of them (a JSON list) in one process. Each article is
// checked as one file is and published in its own transaction, with its webhook event queued in it, so a failure
// leaves no article half-written and every other article published; webhooks and the sync feed see each one as if
// it had been published alone.
import type { Sql } from 'postgres';
import type { Config } from '../../src/model/config.ts';
import { getArticle } from '../../src/store/repos/articles.ts';
import { publishWithImages } from '../../src/request/publishing/publish-article.ts';
import { getProject } from '../../src/store/repos/projects.ts';
import { runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';
import { NotFoundError, required, UsageError } from './args.ts';
import { fieldsClearedBy, publishFileHelp, readArticleFile, type FileEntry } from './article-file.ts';
import type { Command } from './command.ts';
import { projectOption } from './common-options.ts';
import { describeSend, sendNow } from './webhook-commands.ts';

/** First sends of an archive's deliveries: this many at once (the origin's worker retries whatever fails). */
const SEND_AT_ONCE = 16;

/** Publishes one checked entry; the problems that stop it otherwise (fields a re-publish would clear). */
async function publishOne(sql: Sql, projectId: string, e: FileEntry, replace: boolean, config: Config) {
  const article = e.article!;
  // Checked before the write, not in its transaction: an operator's command, not a concurrent API.
  const existing = await getArticle(sql, projectId, article.slug);
  const cleared = existing ? fieldsClearedBy(existing, e.raw) : [];
  if (cleared.length && !replace) {
    return {
      problems: [
        `would clear ${cleared.join(', ')} (set now, missing from the file); add them, pass --replace to clear them, or use article update`,
      ],
      cleared,
    };
  }
  // An unpublished article comes back: it is re-published, not merely updated.
  const republished = Boolean(existing?.unpublished);
  // Its images are measured first; one that cannot be is a warning, one not decoded in its time fails the publish.
  return { published: { ...(await publishWithImages(sql, projectId, article, config)), republished }, cleared };
}

async function sendFirstAttempts(sql: Sql, ids: string[], config: Config) {
  const tally: Record<string, number> = {};
  for (let i = 0; i < ids.length; i += SEND_AT_ONCE) {
    const chunk = ids.slice(i, i + SEND_AT_ONCE);
    for (const r of await runDueDeliveries(sql, { config, ids: chunk, batch: chunk.length })) tally[r.status] = (tally[r.status] ?? 0) + 1;
  }
  return tally;
}

export const publishCommand: Command = {
  options: {
    project: projectOption,
    file: { type: 'string', value: 'F', required: true, help: 'The JSON file: one article, or a list of them.' },
    replace: { type: 'boolean', help: 'Clears the fields the file leaves out (else the command names them and stops).' },
  },
  help: [
    'Creates or updates (by slug) and publishes the article in the JSON file F, checked against the article schema.',
    'F may also hold a list of articles (importing an archive): each is checked and published on its own, every',
    'valid one in this process; each invalid one is named by its index, slug and field, and the command exits 1',
    'if any failed. Re-publishing a slug replaces the article with the file: when the file leaves out fields the',
    'article has now (excerpt, meta_description, image_url, keyword, type, ...), the command names them and stops',
    '(that article, in a list); add them to the file, or pass --replace to clear them. To change a few fields in',
    'place, use article update.',
    '',
    publishFileHelp(),
  ].join('\n'),
  async run(sql, p, config) {
    const projectId = required(p, 'project');
    const file = required(p, 'file');
    const replace = p.flags.has('replace');
    const { list, entries } = readArticleFile(file);
    if (!(await getProject(sql, projectId))) throw new NotFoundError(`No project ${projectId}.`);
    if (!list) {
      const r = await publishOne(sql, projectId, entries[0]!, replace, config);
      if (!r.published) {
        throw new UsageError(
          `publishing ${file} would clear ${r.cleared.join(', ')} of ${entries[0]!.slug} (set now, missing from the file); add them to the file, pass --replace to clear them, or change fields with skribra article update`,
        );
      }
      const { published: a, cleared } = r;
      // The change's webhook delivery was queued in its transaction; its first attempt goes out now.
      const webhook = a.delivery_id ? await sendNow(sql, a.delivery_id, config) : undefined;
      return {
        id: a.id,
        slug: a.slug,
        created: a.created,
        ...(a.republished ? { republished: true } : {}),
        ...(cleared.length ? { cleared } : {}),
        ...(a.warnings ? { warnings: a.warnings } : {}),
        ...(webhook ? { webhook } : {}),
      };
    }
    const published: Record<string, unknown>[] = [];
    const failed: { index: number; slug: string | null; problems: string[] }[] = [];
    const deliveries: string[] = [];
    for (const e of entries) {
      // Whatever stops one entry (an image over its time, a refusal of the store) is that entry's problem: the
      // rest of the archive is still tried.
      const r = e.article
        ? await publishOne(sql, projectId, e, replace, config).catch((err: Error) => ({ problems: [err.message] }))
        : { problems: e.problems };
      if (!('published' in r) || !r.published) {
        failed.push({ index: e.index, slug: e.slug ?? null, problems: r.problems ?? [] });
        continue;
      }
      const a = r.published;
      published.push({
        index: e.index,
        id: a.id,
        slug: a.slug,
        created: a.created,
        ...(a.republished ? { republished: true } : {}),
        ...(r.cleared.length ? { cleared: r.cleared } : {}),
        ...(a.warnings ? { warnings: a.warnings } : {}),
      });
      if (a.delivery_id) deliveries.push(a.delivery_id);
    }
    const webhook = deliveries.length ? await sendFirstAttempts(sql, deliveries, config) : undefined;
    return { project_id: projectId, published, failed, ...(webhook ? { webhook } : {}) };
  },
  human(r) {
    if (!Array.isArray(r.published)) {
      return `${r.created ? 'published' : r.republished ? 're-published' : 'updated'} ${r.slug} (${r.id})${r.cleared ? `\ncleared ${(r.cleared as string[]).join(', ')}` : ''}${r.warnings ? `\n${(r.warnings as string[]).map((w) => `warning: ${w}`).join('\n')}` : ''}${r.webhook ? `\n${describeSend(r.webhook as Record<string, unknown>)}` : ''}`;
    }
    const published = r.published as { created: boolean; republished?: boolean }[];
    const failed = r.failed as { index: number; slug: string | null; problems: string[] }[];
    const created = published.filter((a) => a.created).length;
    const republished = published.filter((a) => a.republished).length;
    const again = republished ? `, ${republished} re-published` : '';
    return [
      `published ${published.length} of ${published.length + failed.length} (${created} new${again}, ${published.length - created - republished} updated)`,
      ...failed.map((f) => `entry ${f.index}${f.slug ? ` (${f.slug})` : ''}: ${f.problems.join('; ')}`),
      ...(r.published as { index: number; slug: string; warnings?: string[] }[]).flatMap((p) =>
        (p.warnings ?? []).map((w) => `entry ${p.index} (${p.slug}): warning: ${w}`),
      ),
      ...(r.webhook
        ? [
            `webhook first attempts: ${Object.entries(r.webhook as Record<string, number>)
              .map(([k, n]) => `${n} ${k}`)
              .join(', ')}`,
          ]
        : []),
    ].join('\n');
  },
  exit: (r) => (Array.isArray(r.failed) && r.failed.length ? 1 : 0),
};
