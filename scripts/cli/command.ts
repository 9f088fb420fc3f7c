// What every CLI command is: its own file so the command groups (commands.ts, list-commands.ts, ...) can share the
// type without importing each other. A command declares its options once (`options`, `positionals`): the parser
// (args.ts) accepts exactly those, and its usage line and help (usage.ts) are generated from the same declaration.
import type { Sql } from 'postgres';
import type { Config } from '../../src/model/config.ts';

/** A command line as the parser (args.ts) gives it: the positional words, each option's value (a `multiple` one's last), every value. */
export interface Parsed {
  words: string[];
  flags: Map<string, string | true>;
  all: Map<string, string[]>;
}

export interface OptionSpec {
  /** `string` takes a value (`--project ID`); `boolean` is a switch (`--permanent`). */
  type: 'string' | 'boolean';
  /** What the value is, in the usage line: `ID`, `N`, `URL`. Defaults to the choices joined by `|`. */
  value?: string;
  /** The values a `string` option accepts (checked by the command, shown in its usage). */
  choices?: readonly string[];
  /** The command refuses to run without it. */
  required?: boolean;
  /** May be given more than once (`--set a=1 --set b=2`); every value is kept. */
  multiple?: boolean;
  /** One sentence for the help's option list. */
  help: string;
}

export interface PositionalSpec {
  /** In the usage line: `on|off`. */
  name: string;
  help: string;
}

export interface Command {
  /** Every option besides --json and --help (which every command takes). */
  options: Record<string, OptionSpec>;
  /** Words after the options, in order; each is required. */
  positionals?: PositionalSpec[];
  help: string;
  /**
   * The question a command that cannot be undone asks on a terminal before it runs; elsewhere it needs `--yes`
   * (declared in `options`).
   */
  confirm?(p: Parsed): string;
  /** `config` is the one main.ts read, for the commands that send webhooks, cache purges and IndexNow. */
  run(sql: Sql, p: Parsed, config: Config): Promise<Record<string, unknown>>;
  /** One line for humans, from the result (and the options, for a view such as --wide). */
  human(r: Record<string, unknown>, p: Parsed): string;
  /** The exit code of a result that was printed (1 when part of the work failed); 0 when left out. */
  exit?(r: Record<string, unknown>): number;
}
