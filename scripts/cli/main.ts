// Dispatch, help, output and exit codes: 0 ok, 1 not found or failure, 2 bad usage or input.
import { openStore } from '../../src/store/open-store.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { NotFoundError, parseArgs, UsageError, type Parsed } from './args.ts';
import { commands } from './commands.ts';
import { answerWithoutStore } from './help.ts';

export async function main(argv: string[]): Promise<number> {
  let p: Parsed;
  const json = argv.includes('--json');
  const fail = (code: number, message: string) => {
    process.stderr.write(`skribra: ${message}\n`);
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: code === 2 ? 'usage' : 'failed', message } })}\n`);
    return code;
  };
  try {
    p = parseArgs(argv);
  } catch (err) {
    return fail(2, (err as Error).message);
  }

  // --version, help and unknown commands need no store.
  const answered = answerWithoutStore(p, json, fail);
  if (answered !== undefined) return answered;
  const cmd = commands[p.words.slice(0, 2).join(' ')]!;

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
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${cmd.human(result)}\n`);
    return cmd.exit?.(result) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(2, err.message);
    if (err instanceof NotFoundError) return fail(1, err.message);
    return fail(1, (err as Error).message);
  } finally {
    await store.close();
  }
}
