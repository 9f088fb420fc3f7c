// `npm run dev` from the outside: a content file written, edited and deleted shows on the page, in the API, in the
// markdown twin and in search within 3 s, over a real store and real HTTP; a broken one breaks only its own page,
// which shows its problems in Astro's overlay at the content file. And on PORT (issue 51.3): it serves there, pages and
// the pipeline alike; when the port is taken it ends at once with one line naming the port and who holds it. One file,
// so its dev servers run one after the other: Astro refuses a second `astro dev` in one project.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../src/store/free-port.ts';
import { launch } from '../../dev/chromium.ts';

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

/** What Astro's overlay shows for a page's 500: the error it sends over Vite's HMR socket as the answer closes. */
async function overlayOf(path: string): Promise<Record<string, unknown>> {
  const token = /const wsToken = "([^"]+)"/.exec(await text('/@vite/client'))![1]!;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/?token=${token}`, 'vite-hmr');
  await new Promise((ok, fail) => {
    ws.addEventListener('open', ok);
    ws.addEventListener('error', fail);
  });
  const sent = new Promise<{ err: Record<string, unknown> }>((ok) =>
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === 'error') ok(m);
    }),
  );
  const page = await fetch(`${base}${path}`);
  expect(page.status).toBe(500);
  expect(await page.text()).toContain('<title>ContentError</title>');
  const { err } = await sent;
  ws.close();
  return err;
}

describe('npm run dev', () => {
  beforeAll(async () => {
    // Inside the project (in the ignored .data/), as content/ is: Astro's overlay points at files outside it as if
    // they were inside.
    mkdirSync(join(root, '.data'), { recursive: true });
    contentDir = mkdtempSync(join(root, '.data', 'dev-test-content-'));
    dataDir = mkdtempSync(join(tmpdir(), 'skribra-dev-data-'));
    cpSync(join(root, 'content'), contentDir, { recursive: true });
    const port = await freePort();
    base = `http://localhost:${port}`;
    const log = openSync(join(dataDir, 'dev.log'), 'a');
    dev = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)], {
      cwd: root,
      detached: true,
      // One descriptor for both: two would each keep their own offset and write over each other's lines.
      stdio: ['ignore', log, log],
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

  it('a broken file breaks only its own page, which shows its problems in the overlay at the content file', async () => {
    const file = join(contentDir, 'glossary', 'zebra-broken-term.md');
    const shown = relative(root, file);
    const source = readFileSync(join(contentDir, 'glossary', 'canonical-url.md'), 'utf8')
      .replace(/^title: .*$/m, 'title: Zebra broken test')
      .replace(/^updated: .*$/m, 'updated: 2026-13-45');
    const line = source.split('\n').findIndex((l) => l.startsWith('updated:')) + 1;
    writeFileSync(file, source);
    onTestFinished(() => rmSync(file, { force: true })); // a failure here must not break the next test's pages
    await within(5000, 'the broken page', async () => (await status('/glossary/zebra-broken-term/')) === 500);
    for (const path of ['/', '/pricing/', '/glossary/canonical-url/', '/glossary/', '/api/v1/glossary/canonical-url'])
      expect([path, await status(path)]).toEqual([path, 200]);
    expect(await status('/api/v1/glossary/zebra-broken-term')).toBe(404); // left out until fixed
    // The terminal lists the problems as check:content does, and which page shows them; no stack of ours.
    const log = readFileSync(join(dataDir, 'dev.log'), 'utf8');
    expect(log).toContain(
      `${shown}:${line}:1: updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)\n1 content problem in 1 file\n`,
    );
    expect(log).toContain('Left out until fixed; its page shows the problems: /glossary/zebra-broken-term/');
    expect(log).not.toMatch(/src\/model\/catalog\/(problems|load-catalog)\.ts/);

    const err = await overlayOf('/glossary/zebra-broken-term/');
    expect(err.name).toBe('ContentError');
    expect(err.title).toBe(`1 content problem in ${shown}`);
    expect(err.message).toBe(
      `${shown}:${line}:1: updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)\n1 content problem in 1 file`,
    );
    // "Open in editor" opens the content file at the problem, and the code shown is that file's, not ours.
    expect(err.loc).toEqual({ file, line, column: 1 });
    expect(err.highlightedCode).toContain('Zebra broken test');
    expect(err.stack).toBe('');
    // In a browser, the overlay shows the problems and the file, and no empty "Stack Trace" box.
    const browser = await launch();
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/glossary/zebra-broken-term/`);
      // The dev client may reload the page once more (a file event after the write): read the overlay of the page
      // that stays.
      let shown: { message: string | null; stack: boolean } | undefined;
      for (let attempt = 1; !shown; attempt++) {
        try {
          await page.waitForFunction(
            () => document.querySelector('vite-error-overlay')?.shadowRoot?.querySelector('#message-content')?.textContent,
          );
          shown = await page.evaluate(() => {
            const root = document.querySelector('vite-error-overlay')!.shadowRoot!;
            return { message: root.querySelector('#message-content')!.textContent, stack: root.querySelector('#stack') !== null };
          });
        } catch (err) {
          if (attempt >= 5 || !/context was destroyed|navigation/i.test(String(err))) throw err;
        }
      }
      expect(shown.message).toContain('updated: must be a date');
      expect(shown.stack).toBe(false);
    } finally {
      await browser.close();
    }

    writeFileSync(file, source.replace('updated: 2026-13-45', 'updated: 2026-01-31'));
    await within(3000, 'the fixed page', async () => (await status('/glossary/zebra-broken-term/')) === 200);
    rmSync(file);
    await within(3000, 'its deletion', async () => (await status('/glossary/zebra-broken-term/')) === 404);
  }, 30_000);

  it('a problem in a file every page reads shows on every page, at that file, until it is fixed', async () => {
    const file = join(contentDir, 'pricing.yaml');
    const good = readFileSync(file, 'utf8');
    const line = good.split('\n').length;
    writeFileSync(file, `${good.trimEnd()}\ncurrency_symbol: 1\n`);
    await within(5000, 'the broken pages', async () => (await status('/')) === 500);
    const err = await overlayOf('/pricing/');
    const shown = relative(root, file);
    expect(err.message).toBe(
      `${shown}:${line}:1: currency_symbol: is not a known field (expected one of currency, terms, plans, byok)\n1 content problem in 1 file`,
    );
    expect(err.loc).toEqual({ file, line, column: 1 });
    expect(err.stack).toBe('');
    writeFileSync(file, good);
    await within(3000, 'the fixed pages', async () => (await status('/')) === 200 && (await status('/pricing/')) === 200);
  }, 30_000);
});

describe('npm run dev and PORT', () => {
  const portDataDir = mkdtempSync(join(tmpdir(), 'skribra-dev-port-'));
  afterAll(() => rmSync(portDataDir, { recursive: true, force: true }));
  /** The environment a person's shell would give `npm run dev` (no VITEST*), with `extra`. */
  const shellEnv = (extra: Record<string, string>) => ({
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
    NODE_ENV: 'development',
    SKRIBRA_DATA_DIR: portDataDir,
    ...extra,
  });

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
