// What the CLI prints never drives the terminal: titles and excerpts (agents wrote them) and account and project
// names, however hostile, reach stdout with no C0 or C1 control but the newlines of the CLI's own layout, one line
// per field, and --json still gives them back exactly.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { articleInput, openTestStore, type TestStore } from '../content/helpers.ts';
import { skribra } from '../helpers/cli.ts';
import { HOSTILE_CASES } from '../helpers/hostile-values.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** Any control but newline: C0, DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const PAYLOAD = '\u001b[2J\u001b]0;PWNED\u0007 Title\r\nFAKE LINE\u009b31m';
const cli = (...args: string[]) => skribra(args, t.env);

/** An account, a project and an article, every name and title `name`; what each command shows of them. */
async function hostileRows(name: string, slug: string) {
  const acc = await createAccount(t.store.sql, name);
  const project = await createProject(t.store.sql, { accountId: acc.account_id, name, url: 'https://tty.example' });
  await publishArticle(t.store.sql, project, articleInput(slug, name, { excerpt: name, meta_description: name }));
  return { account: acc.account_id, project };
}

/** The lines of a human output, less the note saying which columns were cut. */
const lines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .filter((l) => !/^\(\S+ cut to 80 characters; /.test(l));

/** The human output of every command that shows a stored name or title (a table with one row, a record or a list). */
async function outputs(account: string, project: string, slug: string) {
  return [
    await cli('article', 'show', '--project', project, '--slug', slug),
    await cli('article', 'list', '--project', project),
    await cli('project', 'list', '--account', account),
    await cli('project', 'show', '--project', project),
    await cli('account', 'list', '--limit', '1000'),
  ];
}
/** How many lines each output has for plain names; the account list grows, so it is not counted. */
const counted = async (account: string, project: string, slug: string) =>
  (await outputs(account, project, slug)).slice(0, 4).map((r) => lines(r.stdout).length);

describe('50.7: the CLI writes no control characters to the terminal', () => {
  it('50.7: a title, excerpt and names with escape sequences and a forged line print as visible escapes', async () => {
    const plain = await hostileRows('Plain title', 'plain-post');
    const { account, project } = await hostileRows(PAYLOAD, 'tty-post');
    const shown = await outputs(account, project, 'tty-post');
    const show = shown[0]!;
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('title:');
    expect(show.stdout).toMatch(/^title: +\\u001b\[2J\\u001b\]0;PWNED\\u0007 Title FAKE LINE\\u009b31m$/m);
    for (const r of shown) {
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(CONTROLS);
      expect(r.stdout.split('\n').filter((l) => l.startsWith('FAKE LINE'))).toEqual([]);
    }
    expect(await counted(account, project, 'tty-post')).toEqual(await counted(plain.account, plain.project, 'plain-post'));
    // --json gives the exact value back, and its text has no raw control either (C1 escaped as JSON escapes).
    const json = await cli('article', 'show', '--project', project, '--slug', 'tty-post', '--json');
    expect(json.stdout).not.toMatch(CONTROLS);
    expect(json.out.title).toBe(PAYLOAD);
  });

  it('50.7: a confirmation question and an error message carry no control from the arguments', async () => {
    const asked: string[] = [];
    const terminal = {
      interactive: true,
      async ask(q: string) {
        asked.push(q);
        return false;
      },
    };
    const r = await skribra(['key', 'rotate', '--account', PAYLOAD], t.env, terminal);
    expect(r.code).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toMatch(CONTROLS);
    expect(asked[0]).not.toContain('\n');
    const missing = await cli('article', 'show', '--project', PAYLOAD, '--slug', 'x');
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toMatch(CONTROLS);
  });

  it('50.7: any hostile name or title: no control but newline in any output, one line per row', async () => {
    const controls = fc.constantFrom(...'\u001b\u0007\r\n\t\b\u007f\u0085\u009b\u009d\u202e[];2Ja ');
    const hostileText = fc
      .oneof(
        fc.constantFrom(...HOSTILE_CASES, PAYLOAD),
        fc.string({ unit: controls, minLength: 1, maxLength: 30 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      )
      // PostgreSQL text cannot hold U+0000 (issue 50.9 is about that), a title is at most 300 characters, and a name
      // must have something in it.
      .map((s) => s.replaceAll('\u0000', '').slice(0, 150))
      .filter((s) => s.trim() !== '');
    let n = 0;
    const plain = await hostileRows('Plain title', 'plain-post');
    const plainLines = await counted(plain.account, plain.project, 'plain-post');
    await fc.assert(
      fc.asyncProperty(hostileText, async (name) => {
        const slug = `tty-${++n}`;
        const { account, project } = await hostileRows(name, slug);
        const shown = await outputs(account, project, slug);
        for (const r of shown) {
          expect(r.code, r.stderr).toBe(0);
          expect(r.stdout).not.toMatch(CONTROLS);
        }
        // One line per field and per row: nothing in a name starts a line of its own.
        expect(shown.slice(0, 4).map((r) => lines(r.stdout).length)).toEqual(plainLines);
      }),
      { numRuns: 15 },
    );
  });
});
