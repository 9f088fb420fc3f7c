// Finding the command in argv, and what the CLI answers without opening the store: --version, help (bare,
// `help [command]`, `--help`), a group's commands, and unknown commands or options (with a "did you mean").
import { readFileSync } from 'node:fs';
import { didYouMean } from '../../src/model/catalog/did-you-mean.ts';
import { checkRequired, parseOptions, UsageError } from './args.ts';
import { commandNames, commands, type Command } from './commands.ts';
import type { Parsed } from './command.ts';
import { optionsHelp, usageOf } from './usage.ts';

export const version = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const overview = () =>
  [
    'skribra: operator CLI for the content store (embedded PostgreSQL in $SKRIBRA_DATA_DIR, or DATABASE_URL).',
    '',
    'Commands:',
    ...commandNames().map((n) => `  skribra ${usageOf(n, commands[n]!)}`),
    '',
    'Every command takes --json (one JSON object on stdout) and --help. skribra help COMMAND explains one.',
    'An option a command does not declare is refused (exit 2), never ignored.',
    'Exit codes: 0 ok, 1 not found or failed, 2 bad usage or input.',
  ].join('\n');

const commandHelp = (name: string, c: Command) => `skribra ${usageOf(name, c)} [--json]\n\n${optionsHelp(c)}\n\n${c.help}`;
/** The first sentence of a help text, for a group's list. */
const firstSentence = (help: string) => help.replace(/\s+/g, ' ').split(/(?<=\.) (?=[A-Z])/)[0]!;
const groupOf = (word: string | undefined) => commandNames().filter((n) => n.split(' ')[0] === word);
const TOP = { name: '', options: { version: { type: 'boolean' as const, help: 'Prints the version.' } } };

/** The leading words of argv: the command's name (or `help` and a name). */
const leadingWords = (argv: string[]) => {
  const i = argv.findIndex((a) => a.startsWith('-'));
  return i < 0 ? argv : argv.slice(0, i);
};

export type Resolved = { code: number } | { name: string; cmd: Command; p: Parsed };

/** The command to run with its parsed options, or the exit code when the arguments were answered here. */
export function resolve(
  argv: string[],
  fail: (code: number, message: string) => number,
  print: (text: string, data: unknown) => void,
): Resolved {
  const out = (text: string, data: unknown) => {
    print(text, data);
    return { code: 0 };
  };
  const describe = (names: string[]) => ({
    commands: names.map((n) => ({ command: n, usage: `skribra ${usageOf(n, commands[n]!)}`, help: commands[n]!.help })),
  });
  const unknown = (words: string[]) => {
    const name = words.slice(0, 2).join(' ');
    const close = didYouMean(name, commandNames()) ?? didYouMean(words[0]!, [...new Set(commandNames().map((n) => n.split(' ')[0]!))]);
    return { code: fail(2, `unknown command "${words.join(' ')}"${close ? `; did you mean ${close}?` : ''} (skribra help lists them)`) };
  };
  const groupList = (group: string[]) =>
    out(group.map((n) => `skribra ${usageOf(n, commands[n]!)}\n  ${firstSentence(commands[n]!.help)}`).join('\n'), describe(group));

  try {
    const lead = leadingWords(argv);
    const asksHelp = lead[0] === 'help';
    const words = asksHelp ? lead.slice(1) : lead;
    const name = words.slice(0, 2).join(' ');
    const cmd = commands[name];
    const group = groupOf(words[0]);

    if (!asksHelp && cmd) {
      const g = { name, options: cmd.options, positionals: cmd.positionals };
      const p = parseOptions(g, argv.slice(2), words.slice(0, 2));
      if (p.flags.has('help')) return out(commandHelp(name, cmd), describe([name]));
      checkRequired(g, p, 2);
      return { name, cmd, p };
    }
    // Help, a group or nothing at all: only --json, --help (and --version, bare) are taken.
    const rest = argv.slice(lead.length);
    if (words.length === 0) {
      const p = parseOptions(asksHelp ? { name: 'help', options: {} } : TOP, rest);
      if (p.flags.has('version')) return out(`skribra ${version()}`, { version: version() });
      return out(overview(), describe(commandNames()));
    }
    if (cmd && words.length === 2) {
      parseOptions({ name: `help ${name}`, options: {} }, rest);
      return out(commandHelp(name, cmd), describe([name]));
    }
    if (group.length && words.length === 1) {
      parseOptions({ name: words[0]!, options: {} }, rest);
      return groupList(group);
    }
    return unknown(words);
  } catch (err) {
    if (err instanceof UsageError) return { code: fail(2, err.message) };
    throw err;
  }
}
