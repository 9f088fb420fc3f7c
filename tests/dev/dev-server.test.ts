// `npm run dev` from the outside: a content file written, edited and deleted shows on the page, in the API, in the
// markdown twin and in search within 3 s, over a real store and real HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/store/free-port.ts';

const root = resolve(import.meta.dirname, '../..');
let dev: ChildProcess;
let base: string;
let contentDir: string;
let dataDir: string;

/** Polls until `check` holds, for at most `ms`; returns how long it took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const status = async (path: string) => (await fetch(`${base}${path}`)).status;
const text = async (path: string) => (await fetch(`${base}${path}`)).text();

beforeAll(async () => {
  contentDir = mkdtempSync(join(tmpdir(), 'skribra-dev-content-'));
  dataDir = mkdtempSync(join(tmpdir(), 'skribra-dev-data-'));
  cpSync(join(root, 'content'), contentDir, { recursive: true });
  const port = await freePort();
  base = `http://localhost:${port}`;
  dev = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', openSync(join(dataDir, 'dev.log'), 'w'), openSync(join(dataDir, 'dev.log'), 'a')],
    // As a person's shell would start it: Astro's dev server behaves differently inside a test runner (VITEST*).
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
      NODE_ENV: 'development',
      SKRIBRA_CONTENT_DIR: contentDir,
      SKRIBRA_DATA_DIR: dataDir,
      SITE_URL: base,
    },
  });
  // Ready when both halves answer: the pipeline and Astro's page renderer (which optimises its dependencies first).
  await within(
    150_000,
    'the dev server ready',
    async () => (await status('/api/v1/health')) === 200 && (await status('/glossary/canonical-url/')) === 200,
  );
}, 180_000);

afterAll(async () => {
  if (dev?.pid)
    try {
      process.kill(-dev.pid, 'SIGINT');
    } catch {
      /* gone */
    }
  await new Promise((r) => setTimeout(r, 3000));
  rmSync(contentDir, { recursive: true, force: true });
  if (process.env.KEEP_DEV_LOG) console.log(readFileSync(join(dataDir, 'dev.log'), 'utf8'));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves pages, the APIs, twins and search from the same pipeline as npm start', async () => {
    expect(await status('/glossary/canonical-url/')).toBe(200);
    expect(JSON.parse(await text('/api/v1/glossary/canonical-url')).data.slug).toBe('canonical-url');
    expect(await text('/glossary/canonical-url.md')).toMatch(/^# /);
    expect(await status('/v1/projects')).toBe(401);
    // The page's Open Graph image, by content, rendered on request by the same image API as npm start's.
    const image = /<meta property="og:image" content="([^"]+)"/.exec(await text('/glossary/canonical-url/'))![1]!;
    expect(image).toMatch(/\/og-image\/[0-9a-f]{16}\.png$/);
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('shows a new term, an edit and a deletion everywhere within 3 s', async () => {
    const file = join(contentDir, 'glossary', 'zebra-test-term.md');
    writeFileSync(
      file,
      readFileSync(join(contentDir, 'glossary', 'canonical-url.md'), 'utf8').replace(/^title: .*$/m, 'title: Zebra crossing test'),
    );
    await within(
      3000,
      'a new term',
      async () =>
        (await status('/glossary/zebra-test-term/')) === 200 &&
        (await status('/api/v1/glossary/zebra-test-term')) === 200 &&
        (await status('/glossary/zebra-test-term.md')) === 200 &&
        JSON.parse(await text('/api/v1/search?q=zebra%20crossing')).data.items.some(
          (i: { path: string }) => i.path === '/glossary/zebra-test-term/',
        ),
    );

    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Zebra crossing test', 'title: Zebra edited test'));
    await within(
      3000,
      'an edit',
      async () =>
        (await text('/glossary/zebra-test-term/')).includes('Zebra edited test') &&
        JSON.parse(await text('/api/v1/glossary/zebra-test-term')).data.title === 'Zebra edited test',
    );

    rmSync(file);
    await within(
      3000,
      'a deletion',
      async () =>
        (await status('/glossary/zebra-test-term/')) === 404 &&
        (await status('/api/v1/glossary/zebra-test-term')) === 404 &&
        (await status('/glossary/zebra-test-term.md')) === 404,
    );
  }, 30_000);
});
