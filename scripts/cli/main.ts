// Dispatch, confirmation, output and exit codes: 0 ok, 1 not found or failure, 2 bad usage or input. Every argument
// is checked (help.ts, args.ts) before the store is opened: a misspelt option changes nothing. Everything the CLI
// prints goes through terminal-text.ts here: no control from a field or an argument reaches the terminal.
import { createInterface } from 'node:readline/promises';
import { openStore } from '../../src/store/open-store.ts';
import { readConfig, type Config } from '../../src/model/config.ts';
import { NotFoundError, UsageError } from './args.ts';
import { resolve } from './help.ts';
import { jsonLine, visible, visibleFields, visibleLine } from './terminal-text.ts';

/** How the CLI asks a person: on a terminal only. `ask` resolves true for yes. */
export interface Terminal {
  interactive: boolean;
  ask(question: string): Promise<boolean>;
}

const processTerminal = (): Terminal => ({
  interactive: Boolean(process.stdin.isTTY),
  async ask(question) {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
    } finally {
      rl.close();
    }
  },
});

export async function main(argv: string[], terminal: Terminal = processTerminal()): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: number, message: string) => {
    process.stderr.write(`skribra: ${visible(message)}\n`);
    if (json) process.stdout.write(`${jsonLine({ error: { code: code === 2 ? 'usage' : 'failed', message } })}\n`);
    return code;
  };

  // --version, help, unknown commands and bad options need no store.
  const resolved = resolve(argv, fail, (text, data) => process.stdout.write(json ? `${jsonLine(data)}\n` : `${visible(text)}\n`));
  if ('code' in resolved) return resolved.code;
  const { name, cmd, p } = resolved;

  // A command that cannot be undone asks first on a terminal, and needs --yes anywhere else.
  if (cmd.confirm && !p.flags.has('yes')) {
    if (!terminal.interactive)
      return fail(2, `${name} acts at once and cannot be undone: pass --yes to confirm (on a terminal it asks instead)`);
    if (!(await terminal.ask(visibleLine(cmd.confirm(p))))) return fail(1, `${name} cancelled; nothing was changed`);
  }

  let config: Config;
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    config = readConfig();
    store = await openStore({ config, max: 2 });
  } catch (err) {
    return fail(1, `cannot open the store: ${(err as Error).message}`);
  }
  try {
    const result = await cmd.run(store.sql, p, config);
    // The human view formats fields already made one visible line each, so a table's columns stay aligned.
    process.stdout.write(json ? `${jsonLine(result)}\n` : `${visible(cmd.human(visibleFields(result), p))}\n`);
    return cmd.exit?.(result) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(2, err.message);
    if (err instanceof NotFoundError) return fail(1, err.message);
    return fail(1, (err as Error).message);
  } finally {
    await store.close();
  }
}
