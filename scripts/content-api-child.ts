#!/usr/bin/env node
// The content API alone in a child process (the local origin's pipeline with only the content API, as bench:content
// serves it), for the load scripts (pooler-load.ts, tenant-load.ts): caches off and rate limits raised, so what they
// measure is the store path. Run directly it serves on a free port and prints PORT=...; startContentChild spawns it.
import { spawn } from 'node:child_process';

/** The served child: its port, what it wrote to stderr so far, and how to stop it. */
export interface ContentChild {
  port: number;
  stderr(): string;
  stop(): Promise<void>;
}

const UNLIMITED = '100000000';

/** Spawns this file with `env` (DATABASE_URL and the rest) and resolves once it serves. */
export async function startContentChild(env: Record<string, string | undefined>): Promise<ContentChild> {
  const child = spawn(process.execPath, [import.meta.filename], {
    env: {
      ...process.env,
      ...env,
      SKRIBRA_DB_POOL: env.SKRIBRA_DB_POOL || process.env.SKRIBRA_DB_POOL || '6',
      SKRIBRA_LIST_CACHE_ENTRIES: '0',
      SKRIBRA_RATE_LIST_HOUR: UNLIMITED,
      SKRIBRA_RATE_LIST_DAY: UNLIMITED,
      SKRIBRA_RATE_DETAIL_HOUR: UNLIMITED,
      SKRIBRA_RATE_DETAIL_DAY: UNLIMITED,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => {
    stderr += b;
  });
  const port = await new Promise<number>((res, rej) => {
    child.stdout!.on('data', (b: Buffer) => {
      const m = /PORT=(\d+)/.exec(String(b));
      if (m) res(Number(m[1]));
    });
    child.once('exit', (code) => rej(new Error(`the server exited ${code}: ${stderr}`)));
  });
  return {
    port,
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const { readConfig } = await import('../src/model/config.ts');
  const { openStore } = await import('../src/store/open-store.ts');
  const { createOrigin } = await import('../origin/create-origin.ts');
  const { listen } = await import('../origin/serve.ts');
  const { contentImplementation } = await import('../src/request/api/content/create-content-api.ts');
  const config = readConfig();
  const store = await openStore({ config, migrate: false });
  const origin = createOrigin({ distDir: '/nonexistent', apis: { content: contentImplementation({ config, sql: store.sql }) } });
  const server = await listen(origin, 0, '127.0.0.1');
  process.stdout.write(`PORT=${server.port}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    await store.close();
    process.exit(0);
  });
}
