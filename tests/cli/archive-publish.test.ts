// `skribra article publish` with a JSON list: an archive of 1,000 articles of about 10 KB in one process, and a
// list with invalid entries that publishes the rest and names each bad one by index, slug and field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { skribra, skribraProcess } from '../helpers/cli.ts';

const files = mkdtempSync(join(tmpdir(), 'skribra-archive-'));
let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

/** The 1,000-article archive goes through the real bin in its own process; the mixed list through main() here. */
async function publish(project: string, list: unknown[], extra: string[], how: 'process' | 'in-process') {
  const file = join(files, `${project}-${list.length}.json`);
  writeFileSync(file, JSON.stringify(list));
  const started = Date.now();
  const r = await (how === 'process' ? skribraProcess : skribra)(
    ['article', 'publish', '--project', project, '--file', file, ...extra],
    t.env,
  );
  return { code: r.code, stdout: r.stdout, ms: Date.now() - started };
}

const body = (i: number) =>
  `<h2>Part ${i}</h2>\n${`<p>Archived paragraph ${i} with <a href="https://old.example/${i}">a link</a>.</p>\n`.repeat(150)}`;
const entry = (i: number) => ({
  title: `Archived ${i}`,
  slug: `archived-${i}`,
  content_html: body(i),
  excerpt: `Archive ${i}`,
  tags: ['archive'],
});

async function project() {
  const acc = await createAccount(t.store.sql, `Archive ${Date.now()}`);
  return createProject(t.store.sql, { accountId: acc.account_id, name: 'Moved blog', apiEnabled: true });
}

describe('skribra article publish with a list', () => {
  it('publishes 1,000 articles of about 10 KB in one process, each listed and synced (the time printed, not asserted)', async () => {
    const pid = await project();
    const list = Array.from({ length: 1000 }, (_, i) => entry(i));
    expect(Buffer.byteLength(list[0]!.content_html)).toBeGreaterThan(9000);
    const r = await publish(pid, list, ['--json'], 'process');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.failed).toEqual([]);
    expect(out.published).toHaveLength(1000);
    expect(out.published[999]).toMatchObject({ index: 999, slug: 'archived-999', created: true });
    console.log(`archive of 1,000 articles published in ${r.ms} ms`);
    const [{ n, logged }] = await t.store
      .sql`select count(*)::int as n, (select count(*)::int from article_changes where project_id = ${pid}) as logged from articles where project_id = ${pid}`;
    expect({ n, logged }).toEqual({ n: 1000, logged: 1000 });
  }, 120_000);

  it('publishes the valid entries, names each invalid one by index, slug and field, and exits 1', async () => {
    const pid = await project();
    const list: unknown[] = [
      entry(1),
      { ...entry(2), reading_time: 'six' },
      entry(3),
      { ...entry(4), image_alt: 'no image' },
      entry(5),
      entry(1),
    ];
    const r = await publish(pid, list, [], 'in-process');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'published 3 of 6 (3 new, 0 updated)',
        'entry 1 (archived-2): reading_time: must be an integer (got string)',
        'entry 3 (archived-4): image_alt: needs image_url (the image it describes)',
        'entry 5 (archived-1): slug: repeats entry 0 (each slug once per file)',
        '',
      ].join('\n'),
    );
    const slugs = await t.store.sql`select slug from articles where project_id = ${pid} order by slug`;
    expect(slugs.map((s) => s.slug)).toEqual(['archived-1', 'archived-3', 'archived-5']);
  });
});
