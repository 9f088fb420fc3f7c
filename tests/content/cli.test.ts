import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, bearer, openTestStore, type TestStore } from './helpers.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

let t: TestStore;
const files = mkdtempSync(join(tmpdir(), 'skribra-cli-'));

// main() in this process for most commands; the real bin in a child process for the key printed once, a usage error,
// a not-found error and --help. Both join the test's own embedded server, as the CLI joins `npm start`'s.
const cli = (...args: string[]) => skribra(args, t.env);
const cliProcess = (...args: string[]) => skribraProcess(args, t.env);
const file = (name: string, body: unknown) => {
  const f = join(files, name);
  writeFileSync(f, JSON.stringify(body));
  return f;
};

beforeAll(async () => {
  t = await openTestStore({ embedded: !process.env.DATABASE_URL });
});
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true }); // the test's article files: no /tmp/skribra-cli-* left behind
});

describe('skribra CLI (joining the store the API uses)', () => {
  it('runs the whole flow with --json, one object on stdout each time', async () => {
    const get = api(t.store);
    const acc = await cliProcess('account', 'create', '--name', 'CLI Co', '--json');
    expect(acc.code).toBe(0);
    expect(acc.stdout.trim().split('\n')).toHaveLength(1);
    expect(acc.out).toMatchObject({ account_id: expect.stringMatching(/^acc_/), api_key: expect.stringMatching(/^sk_live_/) });
    const prj = await cli(
      'project',
      'create',
      '--account',
      acc.out.account_id,
      '--name',
      'Blog',
      '--url',
      'https://cli.example',
      '--api',
      'on',
      '--json',
    );
    expect(prj.out.project_id).toMatch(/^prj_/);
    const pid = prj.out.project_id;

    const pub = await cli(
      'article',
      'publish',
      '--project',
      pid,
      '--file',
      file('a.json', { title: 'Hello', slug: 'hello', content_html: '<p>Hi</p>', keyword: 'hello' }),
      '--json',
    );
    expect(pub.out).toMatchObject({ id: expect.stringMatching(/^art_/), slug: 'hello' });
    expect((await get(`/v1/articles/hello?projectId=${pid}`, bearer(acc.out.api_key))).body.data.title).toBe('Hello');

    expect((await cli('article', 'noindex', '--project', pid, '--slug', 'hello', '--json')).code).toBe(0);
    expect((await get(`/v1/articles/hello?projectId=${pid}`, bearer(acc.out.api_key))).body.data.noindex).toBe(true);
    await cli('article', 'noindex', '--project', pid, '--slug', 'hello', '--off', '--json');
    expect((await get(`/v1/articles/hello?projectId=${pid}`, bearer(acc.out.api_key))).body.data.noindex).toBeUndefined();
    await cli(
      'article',
      'redirect',
      '--project',
      pid,
      '--slug',
      'hello',
      '--to',
      'https://cli.example/blog/other',
      '--permanent',
      '--json',
    );
    expect((await get(`/v1/articles/hello?projectId=${pid}`, bearer(acc.out.api_key))).body.data).toMatchObject({
      redirect_to: 'https://cli.example/blog/other',
      redirect_type: 'permanent',
    });
    await cli('article', 'unpublish', '--project', pid, '--slug', 'hello', '--json');
    expect((await get(`/v1/articles/hello?projectId=${pid}`, bearer(acc.out.api_key))).status).toBe(404);

    expect((await cli('project', 'api', '--project', pid, 'off', '--json')).out).toMatchObject({ api_enabled: false });
    expect((await get(`/v1/articles?projectId=${pid}`, bearer(acc.out.api_key))).status).toBe(403);

    const hook = await cli('project', 'webhook', '--project', pid, '--url', 'https://cli.example/hooks/skribra', '--json');
    expect(hook.out.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const rot = await cli('key', 'rotate', '--account', acc.out.account_id, '--yes', '--json');
    expect((await get('/v1/projects', bearer(acc.out.api_key))).status).toBe(401);
    expect((await get('/v1/projects', bearer(rot.out.api_key))).status).toBe(200);
    await cli('key', 'revoke', '--account', acc.out.account_id, '--yes', '--json');
    expect((await get('/v1/projects', bearer(rot.out.api_key))).status).toBe(401);
  });

  it('refuses a bad article file naming each bad field', async () => {
    const acc = await cli('account', 'create', '--name', 'Bad', '--json');
    const prj = await cli('project', 'create', '--account', acc.out.account_id, '--name', 'B', '--json');
    const r = await cli(
      'article',
      'publish',
      '--project',
      prj.out.project_id,
      '--file',
      file('bad.json', { title: '', slug: 'Not A Slug', reading_time: 'five', image_url: 'ftp://x', colour: 'red' }),
    );
    expect(r.code).toBe(2);
    for (const f of ['title', 'slug', 'content_html', 'reading_time', 'image_url', 'colour']) expect(r.stderr).toContain(f);
  });

  it('gives clear errors and non-zero exits', async () => {
    expect((await cliProcess('nope')).code).toBe(2);
    expect((await cli('account', 'create')).stderr).toMatch(/--name is required/);
    const missing = await cliProcess('key', 'rotate', '--account', 'acc_missing', '--yes', '--json');
    expect(missing.code).toBe(1);
    expect(missing.out.error.message).toMatch(/acc_missing/);
    expect((await cli('project', 'api', '--project', 'prj_x', 'maybe')).code).toBe(2);
    expect((await cli('project', 'create', '--account', 'a', '--name', 'n', '--url', 'not a url')).code).toBe(2);
    expect((await cli('article', 'unpublish', '--project', 'prj_missing', '--slug', 's')).code).toBe(1);
  });

  it('has --help on every command', async () => {
    const top = await cliProcess('--help');
    expect(top.code).toBe(0);
    for (const c of [
      'account create',
      'key rotate',
      'key revoke',
      'project create',
      'project api',
      'project webhook',
      'article publish',
      'article unpublish',
      'article redirect',
      'article noindex',
    ]) {
      expect(top.stdout).toContain(c);
      const h = await cli(...c.split(' '), '--help');
      expect(h.code).toBe(0);
      expect(h.stdout).toContain(`skribra ${c}`);
    }
  });
});
