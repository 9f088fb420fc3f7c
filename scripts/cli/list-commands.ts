// The commands an operator finds things with: lists and details of accounts, projects, articles and webhook
// deliveries, plus `article update`. Human tables by default; `--json` prints the same data as one object.
import type { Sql } from 'postgres';
import { getAccount } from '../../src/store/repos/accounts.ts';
import { getProject } from '../../src/store/repos/projects.ts';
import { getArticle } from '../../src/store/repos/articles.ts';
import { updateArticleFields, type ArticleFields } from '../../src/store/repos/article-fields.ts';
import { measureEdit } from '../../src/request/publishing/measure-edit.ts';
import { imagePolicy } from '../../src/request/publishing/publish-article.ts';
import { sendNow, withWebhook } from './webhook-commands.ts';
import {
  ARTICLE_STATES,
  articleState,
  DELIVERY_STATUSES,
  listAccounts,
  listAllProjects,
  listDeliveriesWhere,
  listProjectArticles,
  projectDetail,
} from '../../src/store/repos/listings.ts';
import { flag, limit, NotFoundError, oneOf, required, UsageError } from './args.ts';
import { applySets, FIELDS, parseSets } from './article-file.ts';
import { cutNote, iso, record, table, tableOf } from './table.ts';
import type { Command, Parsed } from './command.ts';
import { accountOption, articleOptions, limitOption, projectOption } from './common-options.ts';

async function mustProject(sql: Sql, id: string) {
  const p = await getProject(sql, id);
  if (!p) throw new NotFoundError(`No project ${id}.`);
  return p;
}

function since(p: Parsed): Date | undefined {
  const v = flag(p, 'since');
  if (v === undefined) return undefined;
  const d = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v) ? new Date(v) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime()))
    throw new UsageError(
      `--since must be a date YYYY-MM-DD or an ISO 8601 date-time (expected e.g. 2026-01-31 or 2026-01-31T12:00:00Z; got ${v})`,
    );
  return d;
}

const none = (what: string) => `no ${what}`;
/** The widest cell of the deliveries table without --wide. */
const CELL_WIDTH = 60;
/** A `date` column as YYYY-MM-DD, whether the driver gives a Date or a string. */
const dateOnly = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null));

export const listCommands: Record<string, Command> = {
  'account list': {
    options: { limit: limitOption },
    help: 'Lists accounts, oldest first: id, name, number of projects and the hint of the active API key (- when revoked).',
    async run(sql, p) {
      const rows = await listAccounts(sql, limit(p));
      return {
        accounts: rows.map((r) => ({ id: r.id, name: r.name, projects: r.projects, key_hint: r.key_hint, created_at: iso(r.created_at) })),
      };
    },
    human: (r) => {
      const rows = r.accounts as Record<string, unknown>[];
      return rows.length ? table(rows, ['id', 'name', 'projects', 'key_hint', 'created_at']) : none('accounts');
    },
  },
  'project list': {
    options: { account: { ...accountOption, required: false, help: 'Only the projects of this account (acc_...).' }, limit: limitOption },
    help: 'Lists projects (of one account with --account), oldest first: id, account, name, site URL, API switch, webhook, and articles (published/all).',
    async run(sql, p) {
      const accountId = flag(p, 'account');
      if (accountId && !(await getAccount(sql, accountId))) throw new NotFoundError(`No account ${accountId}.`);
      const rows = await listAllProjects(sql, { accountId, limit: limit(p) });
      return {
        account_id: accountId ?? null,
        projects: rows.map((r) => ({
          id: r.id,
          account_id: r.account_id,
          account_name: r.account_name,
          name: r.name,
          url: r.url,
          api_enabled: r.api_enabled,
          webhook_url: r.webhook_url,
          articles: r.articles,
          published: r.published,
          created_at: iso(r.created_at),
        })),
      };
    },
    human: (r) => {
      const rows = (r.projects as Record<string, unknown>[]).map((x) => ({
        ...x,
        api: x.api_enabled ? 'on' : 'off',
        'published/all': `${x.published}/${x.articles}`,
      }));
      return rows.length
        ? table(rows, ['id', 'account_id', 'name', 'url', 'api', 'webhook_url', 'published/all'])
        : none(r.account_id ? `projects in ${r.account_id}` : 'projects');
    },
  },
  'project show': {
    options: { project: projectOption },
    help: 'Shows one project: its account, site URL, API switch, webhook (never the secret), articles by state and webhook deliveries by status.',
    async run(sql, p) {
      const id = required(p, 'project');
      const d = await projectDetail(sql, id);
      if (!d) throw new NotFoundError(`No project ${id}.`);
      return {
        ...d,
        created_at: iso(d.created_at),
        updated_at: iso(d.updated_at),
        webhook_previous_secret_until: iso(d.webhook_previous_secret_until),
        webhook_disabled_at: iso(d.webhook_disabled_at),
      };
    },
    human: (r) => record(r),
  },
  'article list': {
    options: {
      project: projectOption,
      state: { type: 'string', choices: ARTICLE_STATES, help: 'Only the articles in this state.' },
      limit: limitOption,
    },
    help: "Lists the project's articles in every state (or one), most recently changed first: slug, state, noindex, title, updated_at and id. published is what the API lists; retired is off the public blog only.",
    async run(sql, p) {
      const projectId = required(p, 'project');
      const state = oneOf(p, 'state', ARTICLE_STATES);
      const n = limit(p);
      await mustProject(sql, projectId);
      const rows = await listProjectArticles(sql, { projectId, state, limit: n });
      return {
        project_id: projectId,
        state: state ?? null,
        articles: rows.map((a) => ({
          id: a.id,
          slug: a.slug,
          title: a.title,
          state: a.state,
          noindex: a.noindex,
          redirect_to: a.redirect_to,
          published_at: iso(a.published_at),
          updated_at: iso(a.updated_at),
        })),
      };
    },
    human: (r) => {
      const rows = (r.articles as Record<string, unknown>[]).map((a) => ({ ...a, noindex: a.noindex ? 'noindex' : '' }));
      return rows.length
        ? table(rows, ['slug', 'state', 'noindex', 'title', 'updated_at', 'id'])
        : none(`${r.state ? `${r.state} ` : ''}articles in ${r.project_id}`);
    },
  },
  'article show': {
    options: articleOptions,
    help: 'Shows one article in any state with every field; the human view gives the length of content_html and toc_html, --json the full text.',
    async run(sql, p) {
      const projectId = required(p, 'project');
      const slug = required(p, 'slug');
      await mustProject(sql, projectId);
      const row = await getArticle(sql, projectId, slug);
      if (!row) throw new NotFoundError(`No article ${slug} in project ${projectId}.`);
      const state = await articleState(sql, projectId, slug);
      const { project_id, id, slug: _slug, ...rest } = row;
      return {
        id,
        project_id,
        slug,
        state,
        ...rest,
        target_date: dateOnly(rest.target_date),
        published_at: iso(row.published_at),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        last_edited: iso(row.last_edited),
      };
    },
    human: (r) =>
      record({
        ...r,
        content_html: `(${String(r.content_html).length} characters)`,
        toc_html: r.toc_html ? `(${String(r.toc_html).length} characters)` : null,
        json_ld: (r.json_ld as unknown[]).length ? `(${(r.json_ld as unknown[]).length} objects)` : null,
      }),
  },
  'article update': {
    options: {
      ...articleOptions,
      set: {
        type: 'string',
        value: 'field=value',
        required: true,
        multiple: true,
        help: 'A field and its new value; give one --set per field.',
      },
    },
    help: [
      'Changes the named fields of one article in place; every other field and its state stay as they are. The result is',
      'checked against the article schema (see article publish --help for the fields). Numbers and true/false are typed,',
      'lists are JSON (--set \'sources=[{"url":"https://example.com/"}]\'), --set field=@file reads the value from a file, and',
      `an empty value (--set excerpt=) clears an optional field. Fields: ${FIELDS.filter((f) => f !== 'slug').join(', ')}.`,
      'A new content_html or image_url has its images measured again, as article publish does (size, placeholder and',
      'colour; an image that cannot be fetched is a warning and goes without).',
    ].join('\n'),
    async run(sql, p, config) {
      const projectId = required(p, 'project');
      const slug = required(p, 'slug');
      const sets = parseSets(p.all.get('set') ?? []);
      await mustProject(sql, projectId);
      const row = await getArticle(sql, projectId, slug);
      if (!row) throw new NotFoundError(`No article ${slug} in project ${projectId}.`);
      const { fields: set, article } = applySets(row, sets);
      // A new body or cover is measured as a publish measures it; an image that cannot be is a warning.
      const measured = await measureEdit(article, new Set(sets.keys()), { policy: imagePolicy(config) });
      const fields = { ...set, ...measured.fields } as ArticleFields;
      const r = await updateArticleFields(sql, projectId, slug, fields);
      if (!r) throw new NotFoundError(`No article ${slug} in project ${projectId}.`);
      // A subscribed endpoint hears of the edit: its first attempt goes out now.
      const webhook = r.delivery_id ? await sendNow(sql, r.delivery_id, config) : undefined;
      const { warnings } = measured;
      return {
        project_id: projectId,
        slug,
        updated: Object.keys(set),
        // The measurements written besides (body_images, the cover's size, placeholder and colour).
        ...(Object.keys(measured.fields).some((k) => !(k in set))
          ? { measured: Object.keys(measured.fields).filter((k) => !(k in set)) }
          : {}),
        fields,
        ...(warnings.length ? { warnings } : {}),
        ...(webhook ? { webhook } : {}),
      };
    },
    human: (r) =>
      withWebhook(
        [
          `updated ${(r.updated as string[]).join(', ')} of ${r.slug}`,
          ...((r.warnings as string[] | undefined) ?? []).map((w) => `warning: ${w}`),
        ].join('\n'),
        r,
      ),
  },
  'webhook deliveries': {
    options: {
      project: { ...projectOption, required: false, help: 'Only the deliveries of this project (prj_...).' },
      status: { type: 'string', choices: DELIVERY_STATUSES, help: 'Only the deliveries in this status.' },
      article: { type: 'string', value: 'SLUG', help: 'Only the deliveries of this article.' },
      event: { type: 'string', value: 'TYPE', help: 'Only the deliveries of this event type (article.published, ...).' },
      since: { type: 'string', value: 'DATE', help: 'Only the deliveries made since then: YYYY-MM-DD or an ISO 8601 date-time.' },
      limit: limitOption,
      wide: { type: 'boolean', help: 'Prints every cell whole (the table cuts long ones, such as last_error, to 60 characters).' },
    },
    help: 'Webhook deliveries, newest first: id, article, attempts, status, last error and next try. Without --project, of every project (with a project column). --since takes YYYY-MM-DD or an ISO 8601 date-time. A long last error is cut in the table and the output says so; --wide or --json prints it whole.',
    async run(sql, p) {
      const projectId = flag(p, 'project');
      const filter = {
        projectId,
        status: oneOf(p, 'status', DELIVERY_STATUSES),
        article: flag(p, 'article'),
        eventType: flag(p, 'event'),
        since: since(p),
        limit: limit(p),
      };
      const project = projectId ? await mustProject(sql, projectId) : undefined;
      const rows = await listDeliveriesWhere(sql, filter);
      return {
        project_id: projectId ?? null,
        ...(project ? { events: project.webhook_events ?? null } : {}),
        deliveries: rows.map((d) => ({
          id: d.id,
          project_id: d.project_id,
          event_type: d.event_type,
          sequence: d.sequence === null ? null : Number(d.sequence),
          article_id: d.article_id,
          article: d.article_slug,
          attempts: d.attempts,
          status: d.status,
          last_status: d.last_status,
          last_error: d.last_error,
          next_attempt_at: d.status === 'pending' || d.status === 'sending' ? iso(d.next_attempt_at) : null,
          created_at: iso(d.created_at),
          delivered_at: iso(d.delivered_at),
        })),
      };
    },
    human: (r, p) => {
      const rows = r.deliveries as Record<string, unknown>[];
      const events = r.project_id
        ? `events: ${r.events ? (r.events as string[]).join(', ') : 'default (article.published, once per article)'}\n`
        : '';
      if (!rows.length) return `${events}${r.project_id ? `no deliveries for ${r.project_id}` : 'no deliveries'}`;
      const cols = [
        ...(r.project_id ? [] : ['project_id']),
        'id',
        'event_type',
        'sequence',
        'article',
        'attempts',
        'status',
        'last_error',
        'next_attempt_at',
      ];
      // A refusal's remedy is at the end of its error: a cut cell says how to read it whole.
      const t = tableOf(rows, cols, p.flags.has('wide') ? undefined : CELL_WIDTH);
      return `${events}${t.text}${cutNote(t.cut, CELL_WIDTH, '--wide or --json prints')}`;
    },
  },
};
