// Every command: its usage line, help and action. Actions return the one JSON object `--json` prints.
import type { Sql } from 'postgres';
import type { Config } from '../../src/model/config.ts';
import { createAccount, getAccount, revokeKeys, rotateKey } from '../../src/store/repos/accounts.ts';
import { createProject, getProject, setProjectApi } from '../../src/store/repos/projects.ts';
import { getArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { publishCommand } from './publish-command.ts';
import { flag, httpUrl, NotFoundError, required, UsageError } from './args.ts';
import { checkField } from './article-file.ts';
import { accountOption, articleOptions, projectOption, yesOption } from './common-options.ts';
import { withBlogPurge } from './blog-purge.ts';
import { withIndexNow } from './indexnow-ping.ts';
import { sendNow, webhookCommands, withWebhook } from './webhook-commands.ts';
import { listCommands } from './list-commands.ts';
import { signupCommands } from './signup-commands.ts';
import type { Command, Parsed } from './command.ts';

export type { Command };

async function project(sql: Sql, id: string) {
  const p = await getProject(sql, id);
  if (!p) throw new NotFoundError(`No project ${id}.`);
  return p;
}

function onOff(value: string | undefined, name: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`${name} must be on or off${value ? `, not ${value}` : ''}`);
}

async function articleChange(sql: Sql, p: Parsed, config: Config, change: Parameters<typeof updateArticleState>[3]) {
  const projectId = required(p, 'project');
  const slug = required(p, 'slug');
  await project(sql, projectId);
  // Unpublishing what is already unpublished changes nothing and tells nobody (no webhook, no rebuild, no ping).
  if (change.unpublished && (await getArticle(sql, projectId, slug))?.unpublished)
    return { project_id: projectId, slug, ...change, unchanged: true };
  const r = await updateArticleState(sql, projectId, slug, change);
  if (!r) throw new NotFoundError(`No article ${slug} in project ${projectId}.`);
  // A subscribed endpoint hears of the change: its first attempt goes out now.
  const webhook = r.delivery_id ? await sendNow(sql, r.delivery_id, config) : undefined;
  return { project_id: projectId, slug, ...change, ...(webhook ? { webhook } : {}) };
}

export const commands: Record<string, Command> = {
  'account create': {
    options: { name: { type: 'string', value: 'N', required: true, help: "The account's name." } },
    help: 'Creates an account and its API key. The key is shown once: only its SHA-256 digest is stored.',
    run: async (sql, p) => createAccount(sql, required(p, 'name')),
    human: (r) => `account ${r.account_id}\napi key ${r.api_key}  (shown once; keep it server-side)`,
  },
  'key rotate': {
    options: { account: accountOption, yes: yesOption },
    help: 'Issues a new API key for the account; the old one stops working at once. Asks first on a terminal; elsewhere it needs --yes.',
    confirm: (p) => `Rotate the API key of ${p.flags.get('account')}? The current key stops working at once.`,
    async run(sql, p) {
      const id = required(p, 'account');
      const api_key = await rotateKey(sql, id);
      if (!api_key) throw new NotFoundError(`No account ${id}.`);
      return { account_id: id, api_key };
    },
    human: (r) => `new api key ${r.api_key}  (shown once; the old key no longer works)`,
  },
  'key revoke': {
    options: { account: accountOption, yes: yesOption },
    help: "Revokes the account's API key; requests with it answer 401 from now on. `key rotate` issues a new one. Asks first on a terminal; elsewhere it needs --yes.",
    confirm: (p) => `Revoke the API key of ${p.flags.get('account')}? Requests with it answer 401 from now on.`,
    async run(sql, p) {
      const id = required(p, 'account');
      const revoked = await revokeKeys(sql, id);
      if (revoked === undefined) throw new NotFoundError(`No account ${id}.`);
      return { account_id: id, revoked };
    },
    human: (r) => `revoked ${r.revoked} key(s) of ${r.account_id}`,
  },
  'project create': {
    options: {
      account: accountOption,
      name: { type: 'string', value: 'N', required: true, help: "The project's name." },
      url: { type: 'string', value: 'U', help: "The customer's site, an absolute http(s) URL." },
      api: { type: 'string', choices: ['on', 'off'], help: 'Switches the content API on (default off).' },
    },
    help: 'Creates a project on the account. Its API switch is off unless --api on.',
    async run(sql, p) {
      const accountId = required(p, 'account');
      const name = required(p, 'name');
      const url = flag(p, 'url');
      const apiEnabled = onOff(flag(p, 'api') ?? 'off', '--api');
      if (url) httpUrl(url, 'url');
      if (!(await getAccount(sql, accountId))) throw new NotFoundError(`No account ${accountId}.`);
      return { project_id: await createProject(sql, { accountId, name, url, apiEnabled }), api_enabled: apiEnabled };
    },
    human: (r) => `project ${r.project_id} (API ${r.api_enabled ? 'on' : 'off'})`,
  },
  'project api': {
    options: { project: projectOption },
    positionals: [{ name: 'on|off', help: 'The switch.' }],
    help: "Switches the project's API on or off. Off answers 403 project_api_disabled.",
    async run(sql, p) {
      const id = required(p, 'project');
      const on = onOff(p.words[2], 'the switch (last word)');
      if (!(await setProjectApi(sql, id, on))) throw new NotFoundError(`No project ${id}.`);
      return { project_id: id, api_enabled: on };
    },
    human: (r) => `project ${r.project_id}: API ${r.api_enabled ? 'on' : 'off'}`,
  },
  'project webhook': webhookCommands['project webhook']!,
  'article publish': publishCommand,
  'article unpublish': {
    options: articleOptions,
    help: 'Unpublishes the article: it leaves the list and its slug answers 404. Publishing it again restores it (re-published). An article already unpublished stays as it is: nothing is sent, exit 0.',
    run: (sql, p, config) => articleChange(sql, p, config, { unpublished: true }),
    human: (r) =>
      r.unchanged ? `${r.slug} was already unpublished; nothing changed and nothing was sent` : withWebhook(`unpublished ${r.slug}`, r),
  },
  'article redirect': {
    options: {
      ...articleOptions,
      to: {
        type: 'string',
        value: 'URL',
        required: true,
        help: 'Where readers go: an absolute http(s) URL or a path on the site starting with / (as redirect_to in a publish file).',
      },
      permanent: { type: 'boolean', help: 'A permanent redirect (301); without it temporary (302).' },
    },
    help: 'Consolidates the article into another URL: it leaves the list and the detail carries redirect_to (permanent = 301, else 302).',
    run: (sql, p, config) =>
      articleChange(sql, p, config, {
        redirect_to: checkField('redirect_to', required(p, 'to'), '--to') as string,
        redirect_type: p.flags.has('permanent') ? 'permanent' : 'temporary',
      }),
    human: (r) => withWebhook(`${r.slug} now redirects (${r.redirect_type}) to ${r.redirect_to}`, r),
  },
  'article noindex': {
    options: { ...articleOptions, off: { type: 'boolean', help: 'Clears the mark.' } },
    help: 'Marks the article not indexable (it stays listed and readable, with noindex: true); --off clears the mark.',
    run: (sql, p, config) => articleChange(sql, p, config, { noindex: !p.flags.has('off') }),
    human: (r) => withWebhook(`${r.slug}: noindex ${r.noindex ? 'on' : 'off'}`, r),
  },
  'article retire': {
    options: { ...articleOptions, off: { type: 'boolean', help: 'Brings the article back to the public blog.' } },
    help: 'Retires the article editorially: it leaves the public blog (list and page; its slug answers 404 there) but stays in the authenticated API. --off brings it back.',
    run: (sql, p, config) => articleChange(sql, p, config, { retired: !p.flags.has('off') }),
    human: (r) => withWebhook(`${r.slug}: ${r.retired ? 'retired from' : 'back on'} the public blog`, r),
  },
  ...Object.fromEntries(Object.entries(webhookCommands).filter(([name]) => name !== 'project webhook')),
  ...listCommands,
  ...signupCommands,
};

/** The order of `skribra help`: by group, finding things before changing them. */
const ORDER = [
  'account list',
  'account create',
  'key rotate',
  'key revoke',
  'project list',
  'project show',
  'project create',
  'project api',
  'project webhook',
  'article list',
  'article show',
  'article publish',
  'article update',
  'article unpublish',
  'article redirect',
  'article noindex',
  'article retire',
  'webhook deliveries',
  'webhook redeliver',
  'webhook test',
  'signup list',
  'signup export',
];
export const commandNames = (): string[] => [
  ...ORDER.filter((n) => commands[n]),
  ...Object.keys(commands).filter((n) => !ORDER.includes(n)),
];

// A change to the company blog's articles is purged from the caches (SKRIBRA_PURGE_URL, Netlify's) and its URL
// submitted to IndexNow (SKRIBRA_INDEXNOW_KEY).
for (const name of ['article publish', 'article update', 'article unpublish', 'article redirect', 'article noindex', 'article retire'])
  commands[name] = withIndexNow(withBlogPurge(commands[name]!));
