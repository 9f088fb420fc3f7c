// The e2e suite's site, set up once per run: the real build (SITE_URL on a free loopback port), the real local origin
// with the public, tools and content APIs (the store in a temp SKRIBRA_DATA_DIR, one account with a key), and a
// second origin on another loopback port that plays "some other website".
import type { TestProject } from 'vitest/node';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { demoTopics, toArticle } from '../../dev/seed/seed-content.ts';
import { buildSeededSite } from '../../dev/seeded-site.ts';
import { BLOG_PROJECT_ID } from '../../src/store/repos/blog-project.ts';
import { ownArticleInput } from '../../src/model/schemas/own-article.ts';
import { freePort } from '../../src/store/free-port.ts';

/** A blog article whose HTML tries every way to run a script. */
export const HOSTILE_ARTICLE = ownArticleInput.parse({
  title: 'An article with hostile HTML',
  slug: 'hostile-html',
  excerpt: 'Nothing in this article may run.',
  content_html: [
    '<p>Intro<img src=x onerror="alert(\'onerror\')"></p>',
    '<script>alert("script")</script>',
    '<p><a href="javascript:alert(\'link\')">a javascript link</a></p>',
    '<p>&lt;img src=x onerror=alert("escaped")&gt;</p>',
    '<h2 id="table">A table</h2><table><tr><th>A</th></tr><tr><td>1</td></tr></table>',
  ].join('\n'),
  toc_html: '<nav class="toc"><a href="#table" onclick="alert(\'toc\')">A table</a></nav>',
});

/** The article slug the content API docs use in their examples. */
export const DOCS_EXAMPLE_SLUG = 'how-to-choose-a-url-slug';

export default async function setup(project: TestProject) {
  const started = Date.now();
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const siteUrl = `http://127.0.0.1:${port}`;
  // A blog article as a prompt-injected agent might write it: the browser test checks nothing in it runs. Dated
  // long ago, so it is the blog's last article and the other tests' "first article" stays a seeded one.
  const old = new Date('2020-01-01T00:00:00Z');
  const { store, distDir, dataDir, cleanup } = await buildSeededSite(readConfig(), siteUrl, 'e2e', (s) =>
    publishArticle(s.sql, BLOG_PROJECT_ID, HOSTILE_ARTICLE, { published: old, updated: old }).then(() => undefined),
  );

  const { account_id, api_key } = await createAccount(store.sql, 'E2E account');
  const projectId = await createProject(store.sql, {
    accountId: account_id,
    name: 'E2E blog',
    url: 'https://e2e.example',
    apiEnabled: true,
  });
  // The article the content API docs fetch in their examples (tests/e2e/docs-examples.test.ts runs them).
  await publishArticle(
    store.sql,
    projectId,
    toArticle({ ...demoTopics[0]!, slug: DOCS_EXAMPLE_SLUG, title: 'How to choose a URL slug' }, 'https://e2e.example', 'E2E', []),
  );

  // Every call to action is signed up through from this one address (tests/e2e/signup.test.ts): a limit above them.
  const signupRateLimit = { windowLimit: 100, windowSize: 60 };
  const { handler: origin } = createLocalOrigin({ distDir, config: readConfig(), sql: store.sql, signupRateLimit });
  const site = await listen(origin, port, '127.0.0.1');
  const other = await listen(
    async () =>
      new Response('<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1></html>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
    0,
    '127.0.0.1',
  );
  console.log(`e2e site ${siteUrl} ready in ${Date.now() - started} ms (build, store, origin)`);

  project.provide('e2e', { siteUrl, otherUrl: `http://127.0.0.1:${other.port}`, apiKey: api_key, projectId, distDir, dataDir });
  return async () => {
    await other.close();
    await site.close();
    await cleanup();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The store's data dir, for the CLI (undefined on DATABASE_URL, which the CLI reads itself). */
    e2e: { siteUrl: string; otherUrl: string; apiKey: string; projectId: string; distDir: string; dataDir: string | undefined };
  }
}
