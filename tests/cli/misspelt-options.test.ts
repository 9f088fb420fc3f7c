// Every command of the operator CLI, fed random misspellings of its own options (one or two edits: a letter
// dropped, added, changed or two swapped): each exits 2 naming the misspelt option, suggests the closest option
// whenever one is within two edits, and writes nothing: every table's row count is the same after. Every option that
// takes a value, given without one, is refused the same way.
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames, commands } from '../../scripts/cli/commands.ts';
import { GLOBAL_OPTIONS } from '../../scripts/cli/args.ts';
import { editDistance } from '../../src/model/catalog/did-you-mean.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { articleInput, openTestStore, type TestStore } from '../content/helpers.ts';
import { skribra } from '../helpers/cli.ts';

let t: TestStore;
const files = mkdtempSync(join(tmpdir(), 'skribra-misspelt-'));
/** A valid value for each option, on real rows: a misspelling is then the only thing wrong with the command. */
let values: Record<string, string>;

beforeAll(async () => {
  t = await openTestStore();
  const acc = await createAccount(t.store.sql, 'Misspelt Co');
  const project = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Blog', apiEnabled: true });
  expect((await skribra(['project', 'webhook', '--project', project, '--url', 'https://hooks.example/skribra'], t.env)).code).toBe(0);
  const { delivery_id } = await publishArticle(t.store.sql, project, articleInput('kept-post', 'Kept post'));
  const file = join(files, 'article.json');
  writeFileSync(file, JSON.stringify({ title: 'New post', slug: 'new-post', content_html: '<p>New.</p>' }));
  values = {
    account: acc.account_id,
    project,
    slug: 'kept-post',
    name: 'Renamed',
    file,
    to: 'https://example.com/elsewhere/',
    set: 'title=Changed',
    url: 'https://hooks.example/other',
    events: 'all',
    event: 'article.published',
    delivery: delivery_id!,
    limit: '5',
    state: 'published',
    status: 'pending',
    article: 'kept-post',
    since: '2026-01-01',
    api: 'on',
  };
});
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

/** Rows in every table of the store. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.store.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
  const out: Record<string, number> = {};
  for (const { name } of tables)
    out[name] = Number((await t.store.sql.unsafe(`select count(*)::int as n from "${name.replace(/"/g, '""')}"`))[0]!.n);
  return out;
}

/** The command's arguments with every option it declares given a valid value, one of them under `misspelt`. */
function argvWith(name: string, option: string, misspelt: string): string[] {
  const cmd = commands[name]!;
  const args = name.split(' ');
  for (const [o, spec] of Object.entries({ ...cmd.options, json: GLOBAL_OPTIONS.json! })) {
    if (o === 'off' || o === 'yes') continue; // switches that would change what the command does if it ran
    const flag = `--${o === option ? misspelt : o}`;
    if (spec.type === 'boolean') args.push(flag);
    else args.push(flag, values[o] ?? 'x');
  }
  // --help, and the switches left out above, are given only when they are the one misspelt.
  if (option === 'yes' || option === 'off' || option === 'help') args.push(`--${misspelt}`);
  for (const p of cmd.positionals ?? []) args.push(p.name === 'on|off' ? 'on' : 'x');
  return args;
}

const letters = 'abcdefghijklmnopqrstuvwxyz-'.split('');
/** One edit of `word`: a letter dropped, added, changed, or two neighbours swapped. */
const edit = (word: string) =>
  fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: Math.max(0, word.length) }), fc.constantFrom(...letters)).map(([kind, at, c]) => {
    const i = Math.min(at, word.length - 1);
    if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
    if (kind === 1) return word.slice(0, at) + c + word.slice(at);
    if (kind === 2) return word.slice(0, i) + c + word.slice(i + 1);
    return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + c;
  });
/** One or two edits. */
const misspell = (word: string) => fc.oneof(edit(word), edit(word).chain(edit));

describe('every command refuses a misspelt option and writes nothing', () => {
  it.each(commandNames())('%s', async (name) => {
    const cmd = commands[name]!;
    const own = [...Object.keys(cmd.options), ...Object.keys(GLOBAL_OPTIONS)];
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...own).chain((option) => fc.tuple(fc.constant(option), misspell(option))),
        async ([option, misspelt]) => {
          // A misspelling that is another real option, or no option at all, is not a misspelling.
          fc.pre(!own.includes(misspelt) && /^[a-z]/.test(misspelt) && misspelt !== 'h');
          const r = await skribra(argvWith(name, option, misspelt), t.env);
          expect(r.code).toBe(2);
          if (option !== 'json') expect(r.out).toEqual({ error: { code: 'usage', message: r.stderr.slice('skribra: '.length, -1) } });
          // A suggestion whenever an option of this command is within two edits (as check:content counts them: a
          // swap of neighbours is one edit), and then the closest one.
          const nearest = Math.min(...own.map((o) => editDistance(misspelt, o)));
          const suggested = /; did you mean --([a-z-]+)\?/.exec(r.stderr)?.[1];
          expect(r.stderr).toBe(
            `skribra: ${name} has no option --${misspelt}${suggested ? `; did you mean --${suggested}?` : ''} (skribra ${name} --help lists its options)\n`,
          );
          if (nearest <= 2) expect(suggested).toBeDefined();
          if (suggested) {
            expect(own).toContain(suggested);
            expect(editDistance(misspelt, suggested)).toBe(nearest);
          }
        },
      ),
      { numRuns: 20 },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('every option that takes a value, given last without one, exits 2 naming it, and writes nothing', async () => {
    const before = await rowCounts();
    for (const name of commandNames()) {
      for (const [option, spec] of Object.entries(commands[name]!.options)) {
        if (spec.type !== 'string') continue;
        const args = argvWith(name, option, option);
        const at = args.indexOf(`--${option}`);
        args.splice(at, 2);
        args.push(`--${option}`);
        const r = await skribra(args, t.env);
        expect(r, args.join(' ')).toMatchObject({
          code: 2,
          stderr: `skribra: --${option} needs a value: --${option} ${spec.value ?? spec.choices!.join('|')}\n`,
        });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('the same argv without the misspelling runs (so the refusals above are the misspelling only)', async () => {
    const r = await skribra(argvWith('project list', 'limit', 'limit'), t.env);
    expect(r.code).toBe(0);
    expect(r.out.projects.map((p: { id: string }) => p.id)).toContain(values.project);
  });
});
