// The raw-HTTP examples of content/pages/docs/content-client.md run against a served content API on a real store:
// the Python one (standard library only) does a full sync, then an incremental one that sees an edit and a removal,
// its upserts whole articles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { serveContentApi, type Served } from './served-api.ts';

const page = readFileSync(new URL('../../content/pages/docs/content-client.md', import.meta.url), 'utf8');
/** The first fenced block in `lang` after `heading`. */
function block(heading: string, lang: string): string {
  const from = page.indexOf(heading);
  const m = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(page.slice(from));
  if (from < 0 || !m) throw new Error(`no ${lang} block after ${heading}`);
  return m[1]!;
}

let t: TestStore;
let api: Served;
beforeAll(async () => {
  t = await openTestStore();
  api = await serveContentApi(t.store.sql);
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

describe('docs: content client page, the Python example', () => {
  it('runs the Python example: a full sync, then the changes since', async () => {
    const f = await fixture(t.store, 3);
    const script =
      block('### Python (standard library only)', 'python')
        // Between its two syncs, the script pauses here while the test edits one article and unpublishes another.
        .replace('articles, gone, cursor = sync(cursor)', 'input()\narticles, gone, cursor = sync(cursor)') +
      // And the upserts are whole articles, bodies included.
      '\nprint(all("content_html" in a for a in articles))\n';
    const child = execFile('python3', ['-c', script], {
      env: { ...process.env, SKRIBRA_BASE_URL: api.url, SKRIBRA_API_KEY: f.key, SKRIBRA_PROJECT_ID: f.on },
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    // The whole line (a loaded machine may hand it over in two chunks), waited for up to 20 s.
    for (let i = 0; !out.includes('cursor saved\n') && i < 400; i++) await new Promise((r) => setTimeout(r, 50));
    expect(out).toBe('3 articles; cursor saved\n');
    await publishArticle(t.store.sql, f.on, articleInput(f.slugs[0]!, 'Edited'));
    await updateArticleState(t.store.sql, f.on, f.slugs[1]!, { unpublished: true });
    child.stdin!.end('\n');
    expect(await exited).toBe(0);
    expect(err).toBe('');
    expect(out).toBe('3 articles; cursor saved\nsince then: 1 changed, 1 removed\nTrue\n');
  });

  it('the Python example reads both error forms and names the code', async () => {
    const script = `${block('### Python (standard library only)', 'python').split('def sync(')[0]}\ntry:\n    get("/sync", projectId=PROJECT)\nexcept RuntimeError as e:\n    print(e)\n`;
    const { stdout } = await promisify(execFile)('python3', ['-c', script], {
      env: { ...process.env, SKRIBRA_BASE_URL: api.url, SKRIBRA_API_KEY: 'sk_wrong', SKRIBRA_PROJECT_ID: 'prj_x' },
    });
    expect(stdout).toMatch(/^401 unauthorized: /);
  });
});

describe('docs: content client page, its method names', () => {
  it('names only client methods that exist', async () => {
    const { createClient } = await import('../../packages/content-client/src/index.ts');
    const c = createClient({ apiKey: 'k' });
    for (const m of page.matchAll(/skribra\.([a-z]+)(?:\.([a-z]+))?\(/gi)) {
      const owner = (c as Record<string, any>)[m[1]!];
      expect(typeof (m[2] ? owner?.[m[2]] : owner), m[0]).toBe('function');
    }
  });
});
