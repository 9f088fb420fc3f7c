// `npm run dev` on PORT (issue 51.3): it serves there, pages and the pipeline alike; and when the port is taken it
// ends at once with one line naming the port and who holds it, instead of taking another port or failing later.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/store/free-port.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'skribra-dev-port-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The environment a person's shell would give `npm run dev` (no VITEST*), with `extra`. */
const shellEnv = (extra: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
  NODE_ENV: 'development',
  SKRIBRA_DATA_DIR: dataDir,
  ...extra,
});

describe('npm run dev and PORT', () => {
  it('a taken PORT ends npm run dev at once, with one line naming it', async () => {
    const port = await freePort();
    const holder: Server = await new Promise((ok) => {
      const s = createServer().listen(port, '127.0.0.1', () => ok(s));
    });
    try {
      const started = Date.now();
      const r = spawnSync('npm', ['run', '-s', 'dev'], {
        cwd: root,
        env: shellEnv({ PORT: String(port) }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(r.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^npm run dev: port ${port} is already in use by pid ${process.pid} .*\\(PORT=${port + 1} npm run dev\\)$`),
        ),
      ]);
    } finally {
      holder.close();
    }
  }, 60_000);

  it('PORT=<port> npm run dev serves the pages and the APIs on that port', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const dev = spawn('npm', ['run', 'dev'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: shellEnv({ PORT: String(port), SITE_URL: base }),
    });
    let output = '';
    for (const stream of [dev.stdout!, dev.stderr!]) stream.on('data', (d) => (output = `${output}${d}`.slice(-4000)));
    try {
      const status = async (path: string) => (await fetch(`${base}${path}`).catch(() => undefined))?.status;
      const deadline = Date.now() + 150_000;
      while (!((await status('/api/v1/health')) === 200 && (await status('/glossary/canonical-url/')) === 200)) {
        if (Date.now() > deadline || dev.exitCode !== null)
          throw new Error(`npm run dev is not serving on ${port} (exit ${dev.exitCode}):\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(await status('/')).toBe(200);
    } finally {
      try {
        process.kill(-dev.pid!, 'SIGINT');
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 3000));
    }
  }, 180_000);
});
