// Dispatch, help, output and exit codes: 0 ok, 1 not found or failure, 2 bad usage or input.
import { openStore } from '../../src/store/open-store.ts';
import { NotFoundError, parseArgs, UsageError, type Parsed } from './args.ts';
import { commands } from './commands.ts';

const overview = () => [
  'skribra: operator CLI for the content store (embedded PostgreSQL in $SKRIBRA_DATA_DIR, or DATABASE_URL).',
  '',
  'Commands:',
  ...Object.values(commands).map((c) => `  skribra ${c.usage}`),
  '',
  'Every command takes --json (one JSON object on stdout) and --help.',
].join('\n');

export async function main(argv: string[]): Promise<number> {
  let p: Parsed;
  const json = argv.includes('--json');
  const fail = (code: number, message: string) => {
    process.stderr.write(`skribra: ${message}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: code === 2 ? 'usage' : 'failed', message } })}\n`);
    return code;
  };
  try { p = parseArgs(argv); } catch (err) { return fail(2, (err as Error).message); }

  const name = p.words.slice(0, 2).join(' ');
  const cmd = commands[name];
  const help = p.flags.has('help') || p.flags.has('h');
  if (!cmd) {
    const group = Object.values(commands).filter((c) => c.usage.startsWith(`${p.words[0]} `));
    if (group.length && p.words.length === 1) { process.stdout.write(`${group.map((c) => `skribra ${c.usage}\n  ${c.help}`).join('\n')}\n`); return help ? 0 : 2; }
    if (help || p.words.length === 0) { process.stdout.write(`${overview()}\n`); return p.words.length === 0 && !help ? 2 : 0; }
    return fail(2, `unknown command "${p.words.join(' ')}"; run skribra --help`);
  }
  if (help) { process.stdout.write(`skribra ${cmd.usage} [--json]\n\n${cmd.help}\n`); return 0; }

  let store;
  try {
    store = await openStore({ max: 2 });
  } catch (err) {
    return fail(1, `cannot open the store: ${(err as Error).message}`);
  }
  try {
    const result = await cmd.run(store.sql, p);
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${cmd.human(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(2, err.message);
    if (err instanceof NotFoundError) return fail(1, err.message);
    return fail(1, (err as Error).message);
  } finally {
    await store.close();
  }
}
