// An IndexNow endpoint on loopback for the tests: records every request and answers with the statuses it is given
// (then 200). In the test's process, or in a child process for tests that block their event loop.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Submission {
  method: string;
  path: string;
  type: string | undefined;
  body: { host: string; key: string; keyLocation: string; urlList: string[] };
}

export interface Receiver {
  endpoint: string;
  submissions: Submission[];
  /** Statuses for the next requests, in order (with headers); afterwards 200. */
  answer(...statuses: (number | { status: number; headers: Record<string, string> })[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const submissions: Submission[] = [];
  const queue: (number | { status: number; headers: Record<string, string> })[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      submissions.push({
        method: req.method!,
        path: req.url!,
        type: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      const next = queue.shift() ?? 200;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    submissions,
    answer: (...statuses) => {
      queue.push(...statuses);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A loopback endpoint nothing listens on (a port taken and given back), so a request is refused at once. */
export async function unreachableEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/indexnow`;
}

/** The same receiver in a child process (see receiver-main.ts); `submissions()` reads what it logged so far. */
export async function startReceiverProcess(): Promise<{ endpoint: string; submissions(): Submission[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'skribra-indexnow-rx-'));
  const log = join(dir, 'requests.jsonl');
  const child = spawn(process.execPath, [join(import.meta.dirname, 'receiver-main.ts'), log], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}/indexnow`,
    submissions: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Submission)
        : [],
    close: async () => {
      if (child.exitCode === null)
        await new Promise((r) => {
          child.once('exit', r);
          child.kill('SIGTERM');
        });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
