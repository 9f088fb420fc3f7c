// `npm run dev` takes the port it is given (PORT, or astro's --port) or none: before the store opens (which takes
// seconds), the port is tried, and one taken ends the command with one line naming it and who holds it, instead of
// Vite moving to another port or failing later with a stack (astro.config.mjs sets strictPort for the same reason).
import { createServer } from 'node:net';
import { describeListenError } from './listen-error.ts';

/** Where Astro's dev server will listen: its `server.host` (false: localhost; true: every address). */
const hostOf = (host: string | boolean) => (host === true ? '0.0.0.0' : host || 'localhost');

/** Resolves when `port` can be listened on at `host`; otherwise prints one line and ends the process with 1. */
export async function claimDevPort(port: number, host: string | boolean): Promise<void> {
  const at = hostOf(host);
  const error = await new Promise<unknown>((done) => {
    const probe = createServer();
    probe.once('error', done);
    probe.listen({ port, host: at, exclusive: true }, () => probe.close(() => done(undefined)));
  });
  if (!error) return;
  const line = describeListenError(error, port, at, 'npm run dev') ?? (error as Error).message;
  process.stderr.write(`npm run dev: ${line}\n`);
  process.exit(1);
}
