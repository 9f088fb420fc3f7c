// What the CLI answers without opening the store: --version, help (bare, `help [command]`, `--help`), a group's
// commands, and unknown commands (with a "did you mean").
import { readFileSync } from 'node:fs';
import { didYouMean } from '../../src/catalog/did-you-mean.ts';
import type { Parsed } from './args.ts';
import { commandNames, commands, type Command } from './commands.ts';

export const version = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const overview = () =>
  [
    'skribra: operator CLI for the content store (embedded PostgreSQL in $SKRIBRA_DATA_DIR, or DATABASE_URL).',
    '',
    'Commands:',
    ...commandNames().map((n) => `  skribra ${commands[n]!.usage}`),
    '',
    'Every command takes --json (one JSON object on stdout) and --help. skribra help COMMAND explains one.',
    'Exit codes: 0 ok, 1 not found or failed, 2 bad usage or input.',
  ].join('\n');

const commandHelp = (c: Command) => `skribra ${c.usage} [--json]\n\n${c.help}`;
/** The first sentence of a help text, for a group's list. */
const firstSentence = (help: string) => help.replace(/\s+/g, ' ').split(/(?<=\.) (?=[A-Z])/)[0]!;
const groupOf = (word: string | undefined) => commandNames().filter((n) => n.split(' ')[0] === word);

/** The exit code when the arguments are answered here, undefined when a command should run. */
export function answerWithoutStore(p: Parsed, json: boolean, fail: (code: number, message: string) => number): number | undefined {
  const out = (text: string, data: unknown) => {
    process.stdout.write(json ? `${JSON.stringify(data)}\n` : `${text}\n`);
    return 0;
  };
  const describe = (names: string[]) => ({
    commands: names.map((n) => ({ command: n, usage: `skribra ${commands[n]!.usage}`, help: commands[n]!.help })),
  });

  if (p.flags.has('version')) return out(`skribra ${version()}`, { version: version() });
  const asksHelp = p.words[0] === 'help';
  const words = asksHelp ? p.words.slice(1) : p.words;
  if (words.length === 0) return out(overview(), describe(commandNames()));

  const name = words.slice(0, 2).join(' ');
  const cmd = commands[name];
  if (cmd) return asksHelp || p.flags.has('help') || p.flags.has('h') ? out(commandHelp(cmd), describe([name])) : undefined;
  const group = groupOf(words[0]);
  if (group.length && words.length === 1)
    return out(group.map((n) => `skribra ${commands[n]!.usage}\n  ${firstSentence(commands[n]!.help)}`).join('\n'), describe(group));
  const close = didYouMean(name, commandNames()) ?? didYouMean(words[0]!, [...new Set(commandNames().map((n) => n.split(' ')[0]!))]);
  return fail(2, `unknown command "${words.join(' ')}"${close ? `; did you mean ${close}?` : ''} (skribra help lists them)`);
}
