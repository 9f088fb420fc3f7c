// The operator CLI's finding and editing commands, end to end on a real store: exit codes (0 ok, 1 not found, 2 bad
// usage), human tables and --json. Its main() runs in this process; help, --version and a usage error go through the
// real bin in a child process.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { getArticle, publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { ownArticleInput } from '../../src/model/schemas/own-article.ts';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { EXAMPLE_FILE } from '../../scripts/cli/article-file.ts';
import { ARTICLE_FIELDS } from '../../src/model/schemas/article-fields.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
let t: TestStore;
// The CLI runs with its own TMPDIR, so a test can see that it leaves nothing behind there.
const cliTmp = mkdtempSync(join(tmpdir(), 'skribra-cli-tmp-'));
const files = mkdtempSync(join(tmpdir(), 'skribra-cli-files-'));
let acc: { account_id: string; api_key: string };
let on: string;
let off: string;

// main() in this process for most commands; the real bin in a child process where the process boundary is the point.
const env = () => ({ TMPDIR: cliTmp, ...t.env });
const cli = (...args: string[]) => skribra(args, env());
const cliProcess = (...args: string[]) => skribraProcess(args, env());
const file = (name: string, body: unknown) => {
  const f = join(files, name);
  writeFileSync(f, JSON.stringify(body));
  return f;
};

beforeAll(async () => {
  t = await openTestStore();
  acc = await createAccount(t.store.sql, uniq('Operator Co'));
  on = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Blog', url: 'https://op.example', apiEnabled: true });
  off = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Docs' });
  // Four articles, one in each state; `d` is the newest change, `a` the oldest.
  const base = Date.parse('2026-03-01T00:00:00Z');
  for (const [i, slug] of ['a-published', 'b-unpublished', 'c-redirected', 'd-retired'].entries()) {
    await publishArticle(t.store.sql, on, articleInput(slug, `Title ${slug}`), {
      published: new Date(base + i * 1000),
      updated: new Date(base + i * 1000),
    });
  }
  await updateArticleState(t.store.sql, on, 'b-unpublished', { unpublished: true });
  await updateArticleState(t.store.sql, on, 'c-redirected', { redirect_to: 'https://op.example/a-published', redirect_type: 'permanent' });
  await updateArticleState(t.store.sql, on, 'd-retired', { retired: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true });
  rmSync(cliTmp, { recursive: true, force: true });
});

describe('help and version need no store', () => {
  it('bare skribra prints help and exits 0; --version; help [command]; unknown commands exit 2', async () => {
    const bare = await cliProcess();
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^skribra: operator CLI/);
    for (const c of [
      'account list',
      'project list',
      'project show',
      'article list',
      'article show',
      'article update',
      'webhook deliveries',
    ])
      expect(bare.stdout).toContain(`skribra ${c}`);

    expect(await cliProcess('--version')).toMatchObject({ code: 0, stdout: `skribra ${pkg.version}\n` });
    expect((await cli('--version', '--json')).out).toEqual({ version: pkg.version });

    const help = await cli('help', 'article', 'list');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /^skribra article list --project ID \[--state published\|unpublished\|redirected\|retired\] \[--limit N\] \[--json\]\n\n/,
    );
    expect((await cli('article', 'list', '--help')).stdout).toBe(help.stdout);
    expect((await cli('help', '--json')).out.commands.map((c: any) => c.command)).toContain('article update');
    const group = await cli('help', 'webhook');
    expect(group.code).toBe(0);
    expect(group.stdout.split('\n').filter((l) => l.startsWith('skribra '))).toEqual([
      expect.stringMatching(/^skribra webhook deliveries /),
      'skribra webhook redeliver --delivery ID',
      'skribra webhook test --project ID [--event TYPE]',
    ]);

    const typo = await cliProcess('artcle', 'list', '--json');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('skribra: unknown command "artcle list"; did you mean "article list"? (skribra help lists them)\n');
    expect(typo.out).toEqual({
      error: { code: 'usage', message: 'unknown command "artcle list"; did you mean "article list"? (skribra help lists them)' },
    });
    expect((await cli('help', 'nothing', 'here')).code).toBe(2);
  });

  it('article publish --help lists every field of the file and an example that passes the schema', async () => {
    const h = await cli('article', 'publish', '--help');
    expect(h.code).toBe(0);
    // Every field of the one field table, with its note.
    expect(Object.keys(ownArticleInput.shape)).toEqual(Object.keys(ARTICLE_FIELDS));
    for (const [f, { note }] of Object.entries(ARTICLE_FIELDS))
      expect(h.stdout).toMatch(new RegExp(`^  ${f}\\*?\\s+\\S.*${note.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    expect(h.stdout).toMatch(/^ {2}title\* +a string, 1 to 300 characters\. The headline\.$/m);
    expect(h.stdout).toMatch(/^ {2}target_date +a date YYYY-MM-DD, e\.g\. 2026-01-31\. /m);
    const example = JSON.parse(h.stdout.slice(h.stdout.indexOf('Example file:\n') + 'Example file:\n'.length));
    expect(example).toEqual(EXAMPLE_FILE);
    expect(ownArticleInput.safeParse(example).success).toBe(true);
  });
});

describe('finding things', () => {
  it('account list', async () => {
    const r = await cli('account', 'list', '--json');
    expect(r.code).toBe(0);
    expect(r.out.accounts).toContainEqual({
      id: acc.account_id,
      name: expect.stringMatching(/^Operator Co/),
      projects: 2,
      key_hint: `sk_live_…${acc.api_key.slice(-4)}`,
      created_at: expect.stringMatching(/^20\d\d-/),
    });
    const human = (await cli('account', 'list')).stdout.split('\n');
    expect(human[0]).toMatch(/^id\s+name\s+projects\s+key_hint\s+created_at$/);
    expect(human.find((l) => l.startsWith(acc.account_id))).toMatch(
      new RegExp(`^${acc.account_id}\\s+Operator Co\\S*\\s+2\\s+sk_live_…${acc.api_key.slice(-4)}\\s+20`),
    );
    expect((await cli('account', 'list', '--limit', 'x')).code).toBe(2);
  });

  it('project list [--account] and project show', async () => {
    const r = await cli('project', 'list', '--account', acc.account_id, '--json');
    expect(r.code).toBe(0);
    expect(r.out).toEqual({
      account_id: acc.account_id,
      projects: [
        {
          id: on,
          account_id: acc.account_id,
          account_name: expect.any(String),
          name: 'Blog',
          url: 'https://op.example',
          api_enabled: true,
          webhook_url: null,
          articles: 4,
          published: 1,
          created_at: expect.any(String),
        },
        {
          id: off,
          account_id: acc.account_id,
          account_name: expect.any(String),
          name: 'Docs',
          url: null,
          api_enabled: false,
          webhook_url: null,
          articles: 0,
          published: 0,
          created_at: expect.any(String),
        },
      ],
    });
    const human = (await cli('project', 'list', '--account', acc.account_id)).stdout.split('\n');
    expect(human[0]).toMatch(/^id\s+account_id\s+name\s+url\s+api\s+webhook_url\s+published\/all$/);
    expect(human[1]).toMatch(new RegExp(`^${on}\\s+${acc.account_id}\\s+Blog\\s+https://op\\.example\\s+on\\s+-\\s+1/4$`));
    expect((await cli('project', 'list', '--json')).out.projects.map((p: any) => p.id)).toEqual(expect.arrayContaining([on, off]));
    const missing = await cli('project', 'list', '--account', 'acc_nope', '--json');
    expect(missing.code).toBe(1);
    expect(missing.out.error.message).toBe('No account acc_nope.');

    const show = await cli('project', 'show', '--project', on, '--json');
    expect(show.code).toBe(0);
    expect(show.out).toMatchObject({
      id: on,
      account_id: acc.account_id,
      name: 'Blog',
      api_enabled: true,
      webhook_url: null,
      webhook_secret_set: false,
      articles: { published: 1, unpublished: 1, redirected: 1, retired: 1 },
      deliveries: { pending: 0, sending: 0, delivered: 0, failed: 0 },
    });
    const human2 = (await cli('project', 'show', '--project', on)).stdout;
    expect(human2).toMatch(/^id: +prj_/);
    expect(human2).toMatch(/^articles\.redirected: +1$/m);
    expect((await cli('project', 'show', '--project', 'prj_nope')).code).toBe(1);
    expect((await cli('project', 'show')).code).toBe(2);
  });

  it('article list --state --limit', async () => {
    const all = await cli('article', 'list', '--project', on, '--json');
    expect(all.code).toBe(0);
    expect(all.out.articles.map((a: any) => `${a.slug} ${a.state}`)).toEqual([
      'd-retired retired',
      'c-redirected redirected',
      'b-unpublished unpublished',
      'a-published published',
    ]);
    expect(all.out.articles[1]).toMatchObject({
      redirect_to: 'https://op.example/a-published',
      noindex: false,
      title: 'Title c-redirected',
      id: expect.stringMatching(/^art_/),
    });
    for (const state of ['published', 'unpublished', 'redirected', 'retired']) {
      const one = await cli('article', 'list', '--project', on, '--state', state, '--json');
      expect(one.out.articles.map((a: any) => a.state)).toEqual([state]);
    }
    expect((await cli('article', 'list', '--project', on, '--limit', '2', '--json')).out.articles.map((a: any) => a.slug)).toEqual([
      'd-retired',
      'c-redirected',
    ]);
    const human = (await cli('article', 'list', '--project', on)).stdout.split('\n');
    expect(human[0]).toMatch(/^slug\s+state\s+noindex\s+title\s+updated_at\s+id$/);
    expect(human[4]).toMatch(/^a-published\s+published\s+-\s+Title a-published\s+20\S+\s+art_\S+$/);
    expect((await cli('article', 'list', '--project', off)).stdout).toBe(`no articles in ${off}\n`);

    const bad = await cli('article', 'list', '--project', on, '--state', 'draft');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('skribra: --state must be one of published, unpublished, redirected, retired (got draft)\n');
    expect((await cli('article', 'list', '--project', on, '--limit', '0')).code).toBe(2);
    expect((await cli('article', 'list')).stderr).toBe('skribra: --project is required\n');
    expect((await cli('article', 'list', '--project', 'prj_nope')).code).toBe(1);
  });

  it('article show', async () => {
    const r = await cli('article', 'show', '--project', on, '--slug', 'b-unpublished', '--json');
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({
      slug: 'b-unpublished',
      state: 'unpublished',
      project_id: on,
      title: 'Title b-unpublished',
      content_html: '<h2>Title b-unpublished</h2><p>Body.</p>',
      excerpt: 'About Title b-unpublished',
      reading_time: 4,
      type: 'guide',
      unpublished: true,
      published_at: '2026-03-01T00:00:01.000Z',
    });
    const human = (await cli('article', 'show', '--project', on, '--slug', 'b-unpublished')).stdout;
    expect(human).toMatch(/^state: +unpublished$/m);
    expect(human).toMatch(/^content_html: +\(40 characters\)$/m);
    expect((await cliProcess('article', 'show', '--project', on, '--slug', 'nope')).code).toBe(1);
    expect((await cli('article', 'show', '--project', on)).code).toBe(2);
  });
});

describe('changing articles without losing fields', () => {
  it('a publish that would clear fields names them and needs --replace', async () => {
    const partial = file('partial.json', { title: 'Title a-published v2', slug: 'a-published', content_html: '<p>New body.</p>' });
    const refused = await cli('article', 'publish', '--project', on, '--file', partial);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `skribra: publishing ${partial} would clear excerpt, type, reading_time, keyword of a-published (set now, missing from the file); add them to the file, pass --replace to clear them, or change fields with skribra article update\n`,
    );
    expect(await getArticle(t.store.sql, on, 'a-published')).toMatchObject({
      title: 'Title a-published',
      excerpt: 'About Title a-published',
      keyword: 'a',
    });

    const replaced = await cli('article', 'publish', '--project', on, '--file', partial, '--replace', '--json');
    expect(replaced.code).toBe(0);
    expect(replaced.out).toMatchObject({ slug: 'a-published', created: false, cleared: ['excerpt', 'type', 'reading_time', 'keyword'] });
    expect(await getArticle(t.store.sql, on, 'a-published')).toMatchObject({
      title: 'Title a-published v2',
      excerpt: null,
      type: null,
      reading_time: null,
      keyword: null,
    });
    // Nothing left to clear: the same file goes through without --replace.
    expect((await cli('article', 'publish', '--project', on, '--file', partial)).code).toBe(0);
  });

  it('a bad file gets one friendly line per field', async () => {
    const bad = file('bad.json', {
      title: '',
      slug: 'Not A Slug',
      reading_time: 'five',
      image_url: 'ftp://x',
      exerpt: 'typo',
      target_date: '01/12/2026',
    });
    const r = await cli('article', 'publish', '--project', on, '--file', bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      [
        `skribra: ${bad} is not a valid article (see skribra article publish --help):`,
        '  title: must not be empty',
        '  slug: must be lowercase letters, digits and single hyphens',
        '  content_html: is required (expected a string)',
        '  image_url: must be an absolute http(s) URL',
        '  reading_time: must be an integer (got string)',
        '  target_date: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)',
        '  exerpt: is not a field of an article (did you mean "excerpt"?)',
        '',
      ].join('\n'),
    );
  });

  it('article update --set changes fields in place and keeps the state', async () => {
    const r = await cli(
      'article',
      'update',
      '--project',
      on,
      '--slug',
      'b-unpublished',
      '--set',
      'excerpt=A better summary',
      '--set',
      'reading_time=7',
      '--set',
      'noindex=true',
      '--set',
      'sources=[{"url":"https://example.com/study"}]',
      '--json',
    );
    expect(r.code).toBe(0);
    expect(r.out).toEqual({
      project_id: on,
      slug: 'b-unpublished',
      updated: ['excerpt', 'reading_time', 'noindex', 'sources'],
      fields: { excerpt: 'A better summary', reading_time: 7, noindex: true, sources: [{ url: 'https://example.com/study' }] },
    });
    const row = await getArticle(t.store.sql, on, 'b-unpublished');
    expect(row).toMatchObject({
      excerpt: 'A better summary',
      reading_time: 7,
      noindex: true,
      sources: [{ url: 'https://example.com/study' }],
      unpublished: true,
      title: 'Title b-unpublished',
      keyword: 'b',
      type: 'guide',
    });
    expect(row!.last_edited).toBeInstanceOf(Date);

    const html = join(files, 'body.html');
    writeFileSync(html, '<p>From a file.</p>');
    const human = await cli(
      'article',
      'update',
      '--project',
      on,
      '--slug',
      'b-unpublished',
      '--set',
      `content_html=@${html}`,
      '--set',
      'keyword=',
    );
    expect(human).toMatchObject({ code: 0, stdout: 'updated content_html, keyword of b-unpublished\n' });
    expect(await getArticle(t.store.sql, on, 'b-unpublished')).toMatchObject({
      content_html: '<p>From a file.</p>',
      keyword: null,
      excerpt: 'A better summary',
    });

    const bad = await cli(
      'article',
      'update',
      '--project',
      on,
      '--slug',
      'b-unpublished',
      '--set',
      'reading_time=five',
      '--set',
      'image_url=nope',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'skribra: the article would not be valid:\n  image_url: must be an absolute http(s) URL\n  reading_time: must be an integer (got string)\n',
    );
    expect((await cli('article', 'update', '--project', on, '--slug', 'b-unpublished', '--set', 'exerpt=x')).stderr).toBe(
      'skribra: --set exerpt: is not a field of an article (did you mean "excerpt"?)\n',
    );
    expect((await cli('article', 'update', '--project', on, '--slug', 'b-unpublished', '--set', 'slug=other')).code).toBe(2);
    expect((await cli('article', 'update', '--project', on, '--slug', 'b-unpublished', '--set', 'title=')).stderr).toBe(
      'skribra: the article would not be valid:\n  title: is required (expected a string)\n',
    );
    expect((await cli('article', 'update', '--project', on, '--slug', 'b-unpublished')).code).toBe(2);
    expect((await cli('article', 'update', '--project', on, '--slug', 'nope', '--set', 'excerpt=x')).code).toBe(1);
  });
});

describe('webhook deliveries with filters', () => {
  it('filters by project, status, article, event and time', async () => {
    // An endpoint (never called here: nothing sends), then two first publishes queue two deliveries.
    expect((await cli('project', 'webhook', '--project', off, '--url', 'https://hooks.example/skribra')).code).toBe(0);
    await publishArticle(t.store.sql, off, articleInput('hook-one', 'Hook one'));
    await publishArticle(t.store.sql, off, articleInput('hook-two', 'Hook two'));
    const all = await cli('webhook', 'deliveries', '--project', off, '--json');
    expect(all.code).toBe(0);
    expect(all.out.deliveries.map((d: any) => `${d.article} ${d.status} ${d.event_type}`)).toEqual([
      'hook-two pending article.published',
      'hook-one pending article.published',
    ]);
    expect(
      (await cli('webhook', 'deliveries', '--project', off, '--article', 'hook-one', '--json')).out.deliveries.map((d: any) => d.article),
    ).toEqual(['hook-one']);
    expect((await cli('webhook', 'deliveries', '--project', off, '--status', 'delivered', '--json')).out.deliveries).toEqual([]);
    expect(
      (await cli('webhook', 'deliveries', '--project', off, '--event', 'article.published', '--limit', '1', '--json')).out.deliveries,
    ).toHaveLength(1);
    expect((await cli('webhook', 'deliveries', '--project', off, '--since', '2999-01-01', '--json')).out.deliveries).toEqual([]);
    const anyProject = await cli('webhook', 'deliveries', '--status', 'pending', '--article', 'hook-two');
    expect(anyProject.stdout.split('\n')[0]).toMatch(
      /^project_id\s+id\s+event_type\s+sequence\s+article\s+attempts\s+status\s+last_error\s+next_attempt_at$/,
    );
    expect(anyProject.stdout).toContain(off);
    expect((await cli('webhook', 'deliveries', '--project', off, '--status', 'lost')).code).toBe(2);
    expect((await cli('webhook', 'deliveries', '--since', 'yesterday')).stderr).toMatch(
      /^skribra: --since must be a date YYYY-MM-DD or an ISO 8601 date-time/,
    );
    expect((await cli('webhook', 'deliveries', '--project', 'prj_nope')).code).toBe(1);
    expect((await cli('project', 'show', '--project', off, '--json')).out).toMatchObject({
      webhook_url: 'https://hooks.example/skribra',
      webhook_secret_set: true,
      deliveries: { pending: 2 },
    });
    expect((await cli('project', 'show', '--project', off)).stdout).not.toContain('whsec_');
  });

  it('leaves nothing in the temp folder', () => {
    expect(readdirSync(cliTmp)).toEqual([]);
  });
});
