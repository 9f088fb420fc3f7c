// The messages issue 35 found wrong, each with its exact text: misspelt and valueless options, a missing or
// unreadable file, one rule for redirect_to wherever it enters, re-publishing and unpublishing twice, confirming a
// key's revocation or rotation, the help of a list option, webhooks in local development (the one setting named in
// every refusal, the deliveries table never cutting a remedy silently, redelivery keeping the attempts), and the two
// not-found texts of the content API.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { getArticle, publishArticle } from '../../src/store/repos/articles.ts';
import { runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';
import { describeTargetPolicy, policyFromEnv } from '../../src/request/webhooks/vet-target.ts';
import { commandNames, commands } from '../../scripts/cli/commands.ts';
import { api, articleInput, bearer, openTestStore, type TestStore } from '../content/helpers.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

let t: TestStore;
let rx: Receiver;
const files = mkdtempSync(join(tmpdir(), 'skribra-messages-'));
let acc: { account_id: string; api_key: string };
let pid: string;

const cli = (...args: string[]) => skribra(args, t.env);
const file = (name: string, body: unknown) => {
  const f = join(files, name);
  writeFileSync(f, typeof body === 'string' ? body : JSON.stringify(body));
  return f;
};
const post = (slug: string, extra: Record<string, unknown> = {}) =>
  file(`${slug}.json`, { title: `About ${slug}`, slug, content_html: `<p>${slug}</p>`, ...extra });
const deliveries = async () => Number((await t.store.sql`select count(*)::int as n from webhook_deliveries`)[0]!.n);

beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
  acc = await createAccount(t.store.sql, 'Messages Co');
  pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Blog', apiEnabled: true });
  await publishArticle(t.store.sql, pid, articleInput('first-post', 'First post'));
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the CLI refuses what it does not understand', () => {
  it('a misspelt option exits 2 with its name and a did-you-mean, and does nothing', async () => {
    const before = await cli('project', 'list', '--json');
    for (const [args, text] of [
      [
        ['project', 'list', '--acount', 'acc_nope'],
        'project list has no option --acount; did you mean --account? (skribra project list --help lists its options)',
      ],
      [
        ['article', 'publish', '--project', pid, '--fille', post('never')],
        'article publish has no option --fille; did you mean --file? (skribra article publish --help lists its options)',
      ],
      [
        ['article', 'list', '--project', pid, '--limt', '2'],
        'article list has no option --limt; did you mean --limit? (skribra article list --help lists its options)',
      ],
      [['project', 'list', '--zebra'], 'project list has no option --zebra (skribra project list --help lists its options)'],
      [['--acount'], 'there is no option --acount (skribra --help lists its options)'],
    ] as const) {
      const r = await cli(...args);
      expect(r, args.join(' ')).toMatchObject({ code: 2, stdout: '', stderr: `skribra: ${text}\n` });
    }
    // Through the real bin: the same line and exit code, and --json's error object.
    const bin = await skribraProcess(['project', 'list', '--acount', 'acc_nope', '--json'], t.env);
    expect(bin.code).toBe(2);
    expect(bin.out).toEqual({
      error: {
        code: 'usage',
        message: 'project list has no option --acount; did you mean --account? (skribra project list --help lists its options)',
      },
    });
    expect(await getArticle(t.store.sql, pid, 'never')).toBeUndefined();
    expect((await cli('project', 'list', '--json')).out).toEqual(before.out);
  });

  it('a missing value, a value given to a switch, a stray word and a bad choice exit 2 naming them', async () => {
    for (const [args, text] of [
      [['project', 'list', '--account'], '--account needs a value: --account ID'],
      [['article', 'show', '--project', pid, '--slug', '-x'], '--slug needs a value: --slug S (a value starting with - goes as --slug=-x)'],
      [
        ['article', 'redirect', '--project', pid, '--slug', 'first-post', '--to', '/x/', '--permanent=yes'],
        '--permanent is a switch and takes no value (got --permanent=yes)',
      ],
      [
        ['project', 'list', 'everything'],
        'project list takes no words besides its options, not "everything" (skribra project list --help)',
      ],
      [['project', 'api', '--project', pid], 'project api needs on|off after its options (skribra project api --help)'],
      [
        ['article', 'list', '--project', pid, '--state', 'pubished'],
        '--state must be one of published, unpublished, redirected, retired (got pubished; did you mean published?)',
      ],
      [['article', 'show', '--project', pid], '--slug is required'],
    ] as const) {
      const r = await cli(...args);
      expect(r, args.join(' ')).toMatchObject({ code: 2, stdout: '', stderr: `skribra: ${text}\n` });
    }
    expect((await getArticle(t.store.sql, pid, 'first-post'))!.redirect_to).toBeNull();
  });

  it("every command's usage and option list come from its declaration", async () => {
    for (const name of commandNames()) {
      const cmd = commands[name]!;
      const h = await cli(...name.split(' '), '--help');
      expect(h.code).toBe(0);
      const [usage, , ...rest] = h.stdout.split('\n');
      const listed = rest.slice(1, rest.indexOf('')).map((l) => /^ {2}(\S+)/.exec(l)![1]);
      expect(listed, name).toEqual([
        ...Object.keys(cmd.options).map((o) => `--${o}`),
        ...(cmd.positionals ?? []).map((p) => p.name),
        '--json',
        '--help,',
      ]);
      for (const o of Object.keys(cmd.options)) expect(usage, name).toContain(`--${o}`);
      expect([...new Set(usage!.match(/--[a-z-]+/g))].sort(), name).toEqual(
        [...Object.keys(cmd.options).map((o) => `--${o}`), '--json'].sort(),
      );
    }
  });

  it('a table that cuts a long cell says so and how to see it whole', async () => {
    const p = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Long titles' });
    const title = `A title of many words ${'that goes on '.repeat(10)}to the end`;
    await publishArticle(t.store.sql, p, articleInput('long-title', title));
    const lines = (await cli('article', 'list', '--project', p)).stdout.split('\n');
    expect(lines[1]).toContain(' A title of many words that goes on that goes on that goes on that goes on that… ');
    expect(lines.at(-2)).toBe('(title cut to 80 characters; --json prints it whole)');
    expect((await cli('article', 'list', '--project', p, '--json')).out.articles[0].title).toBe(title);
  });

  it('the tags field is described in items, not characters', async () => {
    expect((await cli('article', 'publish', '--help')).stdout).toMatch(/^ {2}tags +a list, at most 30 items\. /m);
  });
});

describe('files', () => {
  it('a missing file, a directory, a file that is not JSON: one sentence each, exit 2', async () => {
    const nope = join(files, 'nope.json');
    const dir = join(files, 'a-folder');
    mkdirSync(dir);
    const notJson = file('not.json', 'title: yes');
    for (const [args, text] of [
      [['article', 'publish', '--project', pid, '--file', nope], `cannot read the article file ${nope}: there is no such file`],
      [['article', 'publish', '--project', pid, '--file', dir], `cannot read the article file ${dir}: it is a directory, not a file`],
      [
        ['article', 'update', '--project', pid, '--slug', 'first-post', '--set', `content_html=@${nope}`],
        `cannot read the file of --set content_html ${nope}: there is no such file`,
      ],
    ] as const) {
      const r = await cli(...args);
      expect(r, args.join(' ')).toMatchObject({ code: 2, stdout: '', stderr: `skribra: ${text}\n` });
    }
    const bad = await cli('article', 'publish', '--project', pid, '--file', notJson);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`^skribra: ${notJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON: \\S`));
    expect(bad.stderr).not.toMatch(/ENOENT|at .*\.ts:\d+/);
  });
});

describe('redirect_to: one rule wherever it enters', () => {
  const reason = 'must be an absolute http(s) URL or a path starting with /';
  it.each([
    ['/blog/x/', true],
    ['https://example.com/blog/x/', true],
    ['/', true],
    ['blog/x/', false],
    ['//evil.example/x', false],
    ['/\\evil.example', false],
    ['/a b', false],
    ['ftp://example.com/x', false],
    ['javascript:alert(1)', false],
  ])('%s: accepted %s by the publish file, update --set and redirect --to alike', async (target, ok) => {
    const slug = `r-${Buffer.from(target).toString('hex').slice(0, 24)}`;
    const published = await cli('article', 'publish', '--project', pid, '--file', post(`${slug}-file`, { redirect_to: target }));
    await publishArticle(t.store.sql, pid, articleInput(`${slug}-set`, 'Set'));
    await publishArticle(t.store.sql, pid, articleInput(`${slug}-to`, 'To'));
    const set = await cli('article', 'update', '--project', pid, '--slug', `${slug}-set`, '--set', `redirect_to=${target}`);
    const to = await cli('article', 'redirect', '--project', pid, '--slug', `${slug}-to`, '--to', target);
    if (ok) {
      expect([published.code, set.code, to.code]).toEqual([0, 0, 0]);
      for (const s of ['file', 'set', 'to']) expect((await getArticle(t.store.sql, pid, `${slug}-${s}`))!.redirect_to).toBe(target);
      return;
    }
    const f = join(files, `${slug}-file.json`);
    expect(published).toMatchObject({
      code: 2,
      stderr: `skribra: ${f} is not a valid article (see skribra article publish --help):\n  redirect_to: ${reason}\n`,
    });
    expect(set).toMatchObject({ code: 2, stderr: `skribra: the article would not be valid:\n  redirect_to: ${reason}\n` });
    expect(to).toMatchObject({ code: 2, stderr: `skribra: --to: ${reason}\n` });
    expect(await getArticle(t.store.sql, pid, `${slug}-file`)).toBeUndefined();
    for (const s of ['set', 'to']) expect((await getArticle(t.store.sql, pid, `${slug}-${s}`))!.redirect_to).toBeNull();
  });
});

describe('publishing and unpublishing say what happened', () => {
  it('re-publishing an unpublished article says re-published; unpublishing twice changes and sends nothing', async () => {
    const hook = await skribra(['project', 'webhook', '--project', pid, '--url', rx.url, '--events', 'all'], {
      ...t.env,
      SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1',
    });
    expect(hook.code).toBe(0);
    const sk = (...args: string[]) => skribra(args, { ...t.env, SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' });
    const f = post('comeback');
    expect((await sk('article', 'publish', '--project', pid, '--file', f)).stdout).toMatch(/^published comeback \(art_\w+\)\n/);
    expect((await sk('article', 'unpublish', '--project', pid, '--slug', 'comeback')).stdout).toMatch(
      /^unpublished comeback\nwebhook msg_\w+: delivered \(HTTP 204\)\n$/,
    );

    const hits = rx.hits.length;
    const queued = await deliveries();
    const { updated_at } = (await getArticle(t.store.sql, pid, 'comeback'))!;
    const again = await sk('article', 'unpublish', '--project', pid, '--slug', 'comeback');
    expect(again).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'comeback was already unpublished; nothing changed and nothing was sent\n',
    });
    expect((await sk('article', 'unpublish', '--project', pid, '--slug', 'comeback', '--json')).out).toEqual({
      project_id: pid,
      slug: 'comeback',
      unpublished: true,
      unchanged: true,
    });
    expect(rx.hits.length).toBe(hits);
    expect(await deliveries()).toBe(queued);
    expect((await getArticle(t.store.sql, pid, 'comeback'))!.updated_at).toEqual(updated_at);

    const back = await sk('article', 'publish', '--project', pid, '--file', f);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/^re-published comeback \(art_\w+\)\nwebhook msg_\w+: delivered \(HTTP 204\)\n$/);
    expect((await sk('article', 'publish', '--project', pid, '--file', f)).stdout).toMatch(/^updated comeback \(art_\w+\)\n/);
    await sk('article', 'unpublish', '--project', pid, '--slug', 'comeback');
    expect((await sk('article', 'publish', '--project', pid, '--file', f, '--json')).out).toMatchObject({
      slug: 'comeback',
      created: false,
      republished: true,
    });
    // In an archive, too.
    await sk('article', 'unpublish', '--project', pid, '--slug', 'comeback');
    const list = file('list.json', [
      { title: 'About comeback', slug: 'comeback', content_html: '<p>comeback</p>' },
      { title: 'Brand new', slug: 'brand-new', content_html: '<p>new</p>' },
    ]);
    expect((await sk('article', 'publish', '--project', pid, '--file', list)).stdout).toMatch(
      /^published 2 of 2 \(1 new, 1 re-published, 0 updated\)\n/,
    );
    await sk('project', 'webhook', '--project', pid, '--off');
  });
});

describe('key revoke and key rotate ask first', () => {
  const keyActive = async (id: string) =>
    (await cli('account', 'list', '--json')).out.accounts.find((a: { id: string }) => a.id === id).key_hint !== null;

  it('need --yes when not on a terminal, ask on one, and do nothing when told no', async () => {
    const a = await createAccount(t.store.sql, 'Careful Co');
    for (const cmd of ['revoke', 'rotate']) {
      const r = await skribraProcess(['key', cmd, '--account', a.account_id], t.env);
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `skribra: key ${cmd} acts at once and cannot be undone: pass --yes to confirm (on a terminal it asks instead)\n`,
      });
    }
    const asked: string[] = [];
    const no = {
      interactive: true,
      ask: async (q: string) => {
        asked.push(q);
        return false;
      },
    };
    expect(await skribra(['key', 'revoke', '--account', a.account_id], t.env, no)).toMatchObject({
      code: 1,
      stderr: 'skribra: key revoke cancelled; nothing was changed\n',
    });
    expect(await skribra(['key', 'rotate', '--account', a.account_id], t.env, no)).toMatchObject({
      code: 1,
      stderr: 'skribra: key rotate cancelled; nothing was changed\n',
    });
    expect(asked).toEqual([
      `Revoke the API key of ${a.account_id}? Requests with it answer 401 from now on.`,
      `Rotate the API key of ${a.account_id}? The current key stops working at once.`,
    ]);
    expect(await keyActive(a.account_id)).toBe(true);
    expect((await api(t.store)('/v1/projects', bearer(a.api_key))).status).toBe(200);

    const yes = { interactive: true, ask: async () => true };
    expect(await skribra(['key', 'revoke', '--account', a.account_id], t.env, yes)).toMatchObject({
      code: 0,
      stdout: `revoked 1 key(s) of ${a.account_id}\n`,
    });
    expect(await keyActive(a.account_id)).toBe(false);
    const rotated = await cli('key', 'rotate', '--account', a.account_id, '--yes', '--json');
    expect(rotated.code).toBe(0);
    expect((await api(t.store)('/v1/projects', bearer(rotated.out.api_key))).status).toBe(200);
  });
});

describe('webhooks in local development', () => {
  const strict = { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '0' };
  const local = { SKRIBRA_WEBHOOK_ALLOW_PRIVATE: '1' };
  const remedy = 'SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 allows it for local development (in the environment of both the CLI and npm start)';

  it('every refusal names the one setting; npm start says which way it is set', async () => {
    const p = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Local' });
    const loop = await skribra(['project', 'webhook', '--project', p, '--url', rx.url], { ...t.env, ...strict });
    expect(loop).toMatchObject({ code: 2, stderr: `skribra: refused --url: 127.0.0.1 is a loopback address; ${remedy}\n` });
    const meta = await skribra(['project', 'webhook', '--project', p, '--url', 'http://169.254.169.254/latest/'], { ...t.env, ...local });
    expect(meta).toMatchObject({
      code: 2,
      stderr:
        'skribra: refused --url: 169.254.169.254 is a metadata address, never allowed (not even with SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1)\n',
    });
    // The line npm start prints (scripts/start.ts), from the same config reader as the CLI.
    expect(describeTargetPolicy(policyFromEnv(readConfig({ ...local })))).toBe(
      'webhooks: private targets (loopback, private networks) are allowed by SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1',
    );
    expect(describeTargetPolicy(policyFromEnv(readConfig({})))).toBe(
      'webhooks: private targets (loopback, private networks) are refused; SKRIBRA_WEBHOOK_ALLOW_PRIVATE=1 allows them for local development',
    );
  });

  it('deliveries shows a cut remedy as cut and --wide or --json whole; the worker and redeliver read the same setting and keep the attempts', async () => {
    const p = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Refused' });
    expect((await skribra(['project', 'webhook', '--project', p, '--url', rx.url], { ...t.env, ...local })).code).toBe(0);
    const pub = await skribra(['article', 'publish', '--project', p, '--file', post('refused-post'), '--json'], { ...t.env, ...strict });
    const error = `refused: 127.0.0.1 is a loopback address; ${remedy}`;
    expect(pub.out.webhook).toMatchObject({ status: 'pending', attempts: 1, error });
    const id = pub.out.webhook.delivery_id as string;

    const table = (await cli('webhook', 'deliveries', '--project', p)).stdout.split('\n');
    expect(table[2]).toMatch(/ {2}refused: 127\.0\.0\.1 is a loopback address;… {2}20\d\d-/);
    expect(table.at(-2)).toBe('(last_error cut to 60 characters; --wide or --json prints it whole)');
    const wide = (await cli('webhook', 'deliveries', '--project', p, '--wide')).stdout.split('\n');
    expect(wide[2]).toContain(` ${error} `);
    expect(wide.join('\n')).not.toContain('cut to');
    expect((await cli('webhook', 'deliveries', '--project', p, '--json')).out.deliveries[0].last_error).toBe(error);

    // npm start's worker: the same setting from its own config lets the retry through.
    await t.store.sql`update webhook_deliveries set next_attempt_at = now() where id = ${id}`;
    rx.answer({ status: 503, body: 'busy' });
    const [retry] = await runDueDeliveries(t.store.sql, { config: readConfig({ ...process.env, ...local }), ids: [id] });
    expect(retry).toMatchObject({ id, status: 'pending', attempts: 2, http_status: 503 });

    // Redelivery: attempt 3 after the two made, and a fresh schedule (the first wait, 5 s, not the third, 30 min).
    const again = await skribra(['webhook', 'redeliver', '--delivery', id, '--json'], { ...t.env, ...local });
    expect(again.out).toMatchObject({ delivery_id: id, status: 'pending', attempts: 3, http_status: 503 });
    expect(Date.parse(again.out.next_attempt_at) - Date.now()).toBeLessThan(10_000);
    rx.answer({ status: 204 });
    const done = await skribra(['webhook', 'redeliver', '--delivery', id], { ...t.env, ...local });
    expect(done).toMatchObject({
      code: 0,
      stdout: `webhook ${id}: delivered (HTTP 204) (attempt 4; the earlier ones stay counted)\n`,
    });
    expect((await cli('webhook', 'deliveries', '--project', p, '--json')).out.deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 4,
    });
  });
});

describe('the content API names what is missing in a sentence', () => {
  it('an article and an endpoint', async () => {
    const get = api(t.store);
    const article = await get(`/v1/articles/no-such-post?projectId=${pid}`, bearer(acc.api_key));
    expect(article.status).toBe(404);
    expect(article.body).toEqual({ code: 'not_found', message: 'This project has no published article with that slug.' });
    const endpoint = await get('/v1/nothing', bearer(acc.api_key));
    expect(endpoint.status).toBe(404);
    expect(endpoint.body).toEqual({ code: 'not_found', message: 'No endpoint at /v1/nothing. See http://localhost/v1/ for the list.' });
  });
});
