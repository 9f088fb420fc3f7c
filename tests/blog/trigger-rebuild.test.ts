// The build hook: a change to the blog project's articles POSTs to SKRIBRA_BUILD_HOOK_URL; other projects never do.
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { triggerBlogRebuild } from '../../src/blog/trigger-rebuild.ts';

let t: TestStore;
const hits: string[] = [];
let status = 200;
const server = createServer((req, res) => { hits.push(`${req.method} ${req.url}`); res.statusCode = status; res.end(); });
let hook: string;

beforeAll(async () => {
  t = await openTestStore();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(server.address() as { port: number }).port}/build_hooks/abc`;
  process.env.SKRIBRA_BLOG_PROJECT_ID = 'prj_house';
});
afterAll(async () => {
  delete process.env.SKRIBRA_BLOG_PROJECT_ID;
  await new Promise((r) => server.close(r));
  await t?.close();
});

test('the blog project calls the hook; another project or no hook does not', async () => {
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', hook)).toEqual({ build_hook: 'triggered' });
  expect(hits).toEqual(['POST /build_hooks/abc']);
  expect(await triggerBlogRebuild(t.store.sql, 'prj_customer', hook)).toBeUndefined();
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', '')).toBeUndefined();
  expect(hits).toHaveLength(1);
});

test('a failing hook is reported, not thrown', async () => {
  status = 500;
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', hook)).toEqual({ build_hook: 'failed', build_hook_error: 'the build hook answered 500' });
  const closed = await triggerBlogRebuild(t.store.sql, 'prj_house', 'http://127.0.0.1:1/hook');
  expect(closed).toMatchObject({ build_hook: 'failed' });
});
