// The build hook: a change to the blog project's articles POSTs to SKRIBRA_BUILD_HOOK_URL; other projects never do.
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../content/helpers.ts';
import { triggerBlogRebuild } from '../../src/blog/trigger-rebuild.ts';

let t: TestStore;
const hits: string[] = [];
let status = 200;
const server = createServer((req, res) => {
  hits.push(`${req.method} ${req.url}`);
  res.statusCode = status;
  res.end();
});
let hook: string;
/** The CLI passes its config: the hook, and the blog's project. */
const config = (url: string) => ({ SKRIBRA_BUILD_HOOK_URL: url, SKRIBRA_BLOG_PROJECT_ID: 'prj_house' });

beforeAll(async () => {
  t = await openTestStore();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(server.address() as { port: number }).port}/build_hooks/abc`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t?.close();
});

test('the blog project calls the hook; another project or no hook does not', async () => {
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', config(hook))).toEqual({ build_hook: 'triggered' });
  expect(hits).toEqual(['POST /build_hooks/abc']);
  expect(await triggerBlogRebuild(t.store.sql, 'prj_customer', config(hook))).toBeUndefined();
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', config(''))).toBeUndefined();
  expect(hits).toHaveLength(1);
});

test('a failing hook is reported, not thrown', async () => {
  status = 500;
  expect(await triggerBlogRebuild(t.store.sql, 'prj_house', config(hook))).toEqual({
    build_hook: 'failed',
    build_hook_error: 'the build hook answered 500',
  });
  const closed = await triggerBlogRebuild(t.store.sql, 'prj_house', config('http://127.0.0.1:1/hook'));
  expect(closed).toMatchObject({ build_hook: 'failed' });
});
