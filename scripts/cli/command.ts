// What every CLI command is: its own file so the command groups (commands.ts, list-commands.ts, ...) can share the
// type without importing each other.
import type { Sql } from 'postgres';
import type { Config } from '../../src/config.ts';
import type { Parsed } from './args.ts';

export interface Command {
  usage: string;
  help: string;
  /** `config` is the one main.ts read, for the commands that send webhooks or call the build hook and IndexNow. */
  run(sql: Sql, p: Parsed, config: Config): Promise<Record<string, unknown>>;
  /** One line for humans, from the result. */
  human(r: Record<string, unknown>): string;
  /** The exit code of a result that was printed (1 when part of the work failed); 0 when left out. */
  exit?(r: Record<string, unknown>): number;
}
