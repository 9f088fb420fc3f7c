// A single-valued option given twice is refused (exit 2, naming it) before anything runs: `key rotate --account X
// --account Y --yes` used to rotate Y's key. Options declared `multiple` (`--set`) keep every value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_OPTIONS, parseOptions } from '../../scripts/cli/args.ts';
import { commandNames, commands } from '../../scripts/cli/commands.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { skribra } from '../helpers/cli.ts';

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** The key hints of an account: a rotation changes them. */
const hints = async (account: string) =>
  (await t.store.sql<{ hint: string }[]>`select hint from api_keys where account_id = ${account} order by hint`).map((r) => r.hint);

describe('50.8: a repeated single-valued option is refused', () => {
  it('50.8: key rotate --account X --account Y --yes exits 2 naming --account and rotates neither key', async () => {
    const x = await createAccount(t.store.sql, 'Repeat X');
    const y = await createAccount(t.store.sql, 'Repeat Y');
    const before = [await hints(x.account_id), await hints(y.account_id)];
    const r = await skribra(['key', 'rotate', '--account', x.account_id, '--account', y.account_id, '--yes', '--json'], t.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`skribra: --account is given twice (${x.account_id}, then ${y.account_id}); it takes one value: give it once\n`);
    expect(r.out).toEqual({ error: { code: 'usage', message: r.stderr.slice('skribra: '.length, -1) } });
    expect([await hints(x.account_id), await hints(y.account_id)]).toEqual(before);
  });

  it('50.8: every command refuses each of its single-valued options given twice, in either spelling', () => {
    let checked = 0;
    for (const name of commandNames()) {
      const grammar = { name, options: commands[name]!.options, positionals: commands[name]!.positionals };
      for (const [option, spec] of Object.entries(grammar.options)) {
        if (spec.type !== 'string' || spec.multiple) continue;
        const [a, b] = [spec.choices?.[0] ?? 'a', spec.choices?.at(-1) ?? 'b'];
        for (const argv of [
          [`--${option}`, a, `--${option}`, b],
          [`--${option}=${a}`, `--${option}=${b}`],
          [`--${option}`, a, `--${option}=${a}`],
        ])
          expect(() => parseOptions(grammar, argv), `${name} ${argv.join(' ')}`).toThrow(`--${option} is given twice`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('50.8: a multiple option keeps every value, and a switch given twice is still one switch', () => {
    const update = { name: 'article update', options: commands['article update']!.options };
    const p = parseOptions(update, ['--project', 'p', '--slug', 's', '--set', 'title=A', '--set', 'excerpt=B', '--json', '--json']);
    expect(p.all.get('set')).toEqual(['title=A', 'excerpt=B']);
    expect(p.flags.get('json')).toBe(true);
    expect(Object.keys(GLOBAL_OPTIONS)).toContain('json');
  });
});
