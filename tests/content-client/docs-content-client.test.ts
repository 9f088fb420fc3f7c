// The JavaScript of content/pages/docs/content-client.md, run with the client against a served content API on a real
// store: sync() and syncPages() (whole articles, removals with their redirect, a cut-off run resumed from its last
// page), every baseUrl form the page names, the Next.js build feed, and the webhook handler on signed example events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { articleInput, fixture, openTestStore, type TestStore } from '../content/helpers.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { exampleEvent } from '../../src/request/webhooks/example-event.ts';
import { signHeaders } from '../../src/request/webhooks/sign-headers.ts';
import { ARTICLE_EVENTS } from '../../src/model/schemas/webhook-events.ts';
import { syncPage } from '../../src/model/schemas/sync.ts';
import { ownArticle } from '../../src/model/schemas/own-article.ts';
import { createClient, verifyWebhook } from '../../packages/content-client/src/index.ts';
import { serveContentApi, startProxy, type Served } from './served-api.ts';
import { fillSiteAddress } from '../../src/model/catalog/site-address.ts';

// The page as production shows it: its {{site_url}} filled with the production address, which the examples localise.
const page = fillSiteAddress(
  readFileSync(new URL('../../content/pages/docs/content-client.md', import.meta.url), 'utf8'),
  'https://skribra.com',
);

/** The fenced `lang` block after `heading` whose text contains `marker`. */
function block(heading: string, lang: string, marker: string): string {
  const from = page.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`no heading ${heading}`);
  const found = [...page.slice(from).matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].find((m) => m[1]!.includes(marker));
  if (!found) throw new Error(`no ${lang} block with ${marker} after ${heading}`);
  return found[1]!;
}

const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<any>;
/** A docs block run as an async function body: its imports dropped (each name must be in `deps`), `export` removed. */
function run(code: string, deps: Record<string, unknown>, ret = ''): Promise<any> {
  const imported = [...code.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'[^']+';$/gm)].flatMap((m) => m[1]!.split(',').map((s) => s.trim()));
  for (const name of imported) expect(deps, `the example imports ${name}`).toHaveProperty(name);
  const body = code.replace(/^import .*$/gm, '').replace(/^export /gm, '');
  return new AsyncFunction(...Object.keys(deps), `${body}\n${ret}`)(...Object.values(deps));
}

/** What the sync examples' `store` stands for, in memory. */
function memoryStore() {
  const kv = new Map<string, string>();
  const articles = new Map<string, any>();
  const redirects = new Map<string, { to: string; permanent: boolean }>();
  return {
    kv,
    articles,
    redirects,
    get: async (k: string) => kv.get(k),
    set: async (k: string, v: string) => {
      kv.set(k, v);
    },
    save: async (slug: string, a: unknown) => {
      articles.set(slug, a);
      redirects.delete(slug);
    },
    redirect: async (slug: string, to: string, permanent: boolean) => {
      articles.delete(slug);
      redirects.set(slug, { to, permanent });
    },
    delete: async (slug: string) => {
      articles.delete(slug);
      redirects.delete(slug);
    },
  };
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

const detail = async (key: string, project: string, slug: string) =>
  (await (await fetch(`${api.url}/v1/articles/${slug}?projectId=${project}`, { headers: { authorization: `Bearer ${key}` } })).json()).data;

describe('docs: content client page, sync', () => {
  it('the first example, as a local build serves the page (SITE_URL its own origin), reaches that origin as written', async () => {
    const f = await fixture(t.store, 1);
    // The page built for the served origin: its {{site_url}} is that origin, and nothing in the example is replaced.
    const local = fillSiteAddress(readFileSync(new URL('../../content/pages/docs/content-client.md', import.meta.url), 'utf8'), api.url);
    const from = local.indexOf('\n## Install and connect\n');
    const code = /```js\n([\s\S]*?)```/.exec(local.slice(from))![1]!;
    expect(code).toContain(`baseUrl: '${api.url}'`);
    const projectId = await run(code, { createClient, process: { env: { SKRIBRA_API_KEY: f.key } } }, 'return projectId;');
    expect(projectId).toBe(f.on);
  });

  it('the sync() example stores whole articles, drops the unpublished and redirects the merged, then applies only the changes', async () => {
    const f = await fixture(t.store, 5);
    await publishArticle(
      t.store.sql,
      f.on,
      articleInput('merged', 'Merged', { redirect_to: 'https://on.example/blog/post-000', redirect_type: 'permanent' }),
    );
    const skribra = createClient({ apiKey: f.key, baseUrl: api.url });
    const store = memoryStore();
    const code = block('## Keep a site in step: the sync feed', 'js', 'skribra.sync(');
    await run(code, { skribra, projectId: f.on, store });
    expect([...store.articles.keys()].sort()).toEqual(f.slugs);
    expect(store.articles.get('post-002')).toEqual(await detail(f.key, f.on, 'post-002'));
    expect(store.redirects.get('merged')).toEqual({ to: 'https://on.example/blog/post-000', permanent: true });

    await publishArticle(t.store.sql, f.on, articleInput('post-000', 'Edited'));
    await updateArticleState(t.store.sql, f.on, 'post-001', { unpublished: true });
    await updateArticleState(t.store.sql, f.on, 'post-002', {
      redirect_to: 'https://on.example/blog/post-000',
      redirect_type: 'temporary',
    });
    await run(code, { skribra, projectId: f.on, store });
    expect(store.articles.get('post-000').title).toBe('Edited');
    expect([...store.articles.keys()].sort()).toEqual(['post-000', 'post-003', 'post-004']);
    expect(store.redirects.get('post-002')).toEqual({ to: 'https://on.example/blog/post-000', permanent: false });
  });

  it('the syncPages() example stores its cursor after each page: a run cut off after the first goes on from there', async () => {
    const f = await fixture(t.store, 150);
    const proxy = await startProxy(api.url);
    try {
      const skribra = createClient({ apiKey: f.key, baseUrl: proxy.url, retry: { retries: 0 } });
      const store = memoryStore();
      const code = block('## Keep a site in step: the sync feed', 'js', 'skribra.syncPages(');
      proxy.faults.push('pass', { status: 500, body: '{"code":"internal","message":"cut off"}' });
      await expect(run(code, { skribra, projectId: f.on, store })).rejects.toThrow();
      expect(store.articles.size).toBe(100);
      expect(store.kv.get('skribra-cursor')).toBeTruthy();
      proxy.log.length = 0;
      await run(code, { skribra, projectId: f.on, store });
      expect(proxy.log).toHaveLength(1);
      expect(store.articles.size).toBe(150);
      expect(proxy.log.every((r) => r.path.startsWith('/v1/sync?'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('the raw HTTP sync example is a valid feed page whose upsert is a whole article', () => {
    const body = syncPage.parse(JSON.parse(block('### The sync feed', 'json', '"next_cursor"')));
    const upsert = body.data.items.find((i) => i.type === 'upsert')!;
    ownArticle.parse(upsert.article);
    expect(Object.keys(upsert.article).filter((k) => !(k in ownArticle.shape))).toEqual([]);
  });

  it('every baseUrl form the page names reaches the API', async () => {
    const f = await fixture(t.store, 1);
    const forms = [...page.matchAll(/`(https:\/\/skribra\.com[^`]*)`/g)]
      .map((m) => m[1]!)
      .filter((u) => /^https:\/\/skribra\.com(\/v1)?\/?$/.test(u));
    expect(new Set(forms)).toEqual(
      new Set(['https://skribra.com', 'https://skribra.com/', 'https://skribra.com/v1', 'https://skribra.com/v1/']),
    );
    for (const form of forms) {
      const skribra = createClient({ apiKey: f.key, baseUrl: form.replace('https://skribra.com', api.url) });
      expect(
        (await skribra.projects()).map((p) => p.id),
        form,
      ).toContain(f.on);
    }
  });
});

describe('docs: content client page, watch', () => {
  it('the watch() example logs a change made while it runs, and ends when its loop is left', async () => {
    const f = await fixture(t.store, 1);
    const logged: unknown[][] = [];
    const stop = new Error('stop');
    const code = block('## Live changes in development: watch', 'js', 'watch(');
    // Changed every half second until the example has seen a change: on a loaded machine its stream may open after
    // the first one, which a stream opened later does not replay. Its loop ends at the first change it logs.
    let changes = 0;
    const changing = setInterval(() => void updateArticleState(t.store.sql, f.on, f.slugs[0]!, { noindex: changes++ % 2 === 0 }), 500);
    try {
      await expect(
        run(code, {
          skribra: createClient({ apiKey: f.key, baseUrl: api.url }),
          projectId: f.on,
          console: { log: (...a: unknown[]) => logged.push(a) },
          refresh: async () => {
            throw stop;
          },
        }),
      ).rejects.toBe(stop);
    } finally {
      clearInterval(changing);
    }
    expect(logged).toEqual([['article.updated', f.slugs[0]]]);
  });
});

describe('docs: content client page, Next.js and webhooks', () => {
  it('the Next.js build feed answers every slug from one sync, redirects included', async () => {
    const f = await fixture(t.store, 120);
    await publishArticle(
      t.store.sql,
      f.on,
      articleInput('merged', 'Merged', { redirect_to: 'https://on.example/blog/post-000', redirect_type: 'permanent' }),
    );
    const proxy = await startProxy(api.url);
    try {
      const code = block('## Next.js (App Router)', 'js', 'buildFeed');
      const { buildFeed } = await run(
        code,
        {
          createClient: (o: { apiKey: string }) => createClient({ ...o, baseUrl: proxy.url }),
          process: { env: { SKRIBRA_API_KEY: f.key, SKRIBRA_PROJECT_ID: f.on } },
        },
        'return { buildFeed };',
      );
      const bySlug = await buildFeed();
      expect(await buildFeed()).toBe(bySlug);
      expect(bySlug.size).toBe(121);
      expect(bySlug.get('post-119')).toEqual({ kind: 'article', article: await detail(f.key, f.on, 'post-119'), noindex: false });
      expect(bySlug.get('merged')).toEqual({ kind: 'redirect', location: 'https://on.example/blog/post-000', permanent: true });
      expect(proxy.log.map((r) => r.path.split('?')[0])).toEqual(['/v1/sync', '/v1/sync']);
    } finally {
      await proxy.close();
    }
  });

  it('the webhook handler revalidates the page of every lifecycle event, ignores a test message and refuses a bad signature', async () => {
    const secret = `whsec_${Buffer.from('client docs secret of 32 bytes!!').toString('base64')}`;
    const revalidated: string[] = [];
    const { POST } = await run(
      block('## Verify the webhook', 'js', 'verifyWebhook'),
      {
        verifyWebhook,
        Response,
        process: { env: { SKRIBRA_WEBHOOK_SECRET: secret } },
        revalidatePath: (p: string) => revalidated.push(p),
      },
      'return { POST };',
    );
    const post = (id: string, body: string, key = secret) =>
      POST(new Request('https://site.example/api/skribra-webhook', { method: 'POST', headers: signHeaders(id, body, [key]), body }));
    for (const type of ARTICLE_EVENTS) {
      const body = JSON.stringify(
        exampleEvent(type, { projectId: 'prj_8f2c1a', accountId: 'usr_2d61f7', sequence: 7, timestamp: new Date() }),
      );
      expect((await post(`msg_${type}`, body)).status).toBe(204);
    }
    expect(revalidated).toEqual(ARTICLE_EVENTS.flatMap(() => ['/blog/how-to-write-a-meta-description', '/blog']));
    const test = JSON.stringify({
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { project_id: 'prj_8f2c1a', message: 'hi' },
    });
    expect((await post('msg_test', test)).status).toBe(204);
    expect(revalidated).toHaveLength(8);
    expect((await post('msg_forged', test, `whsec_${Buffer.from('a different secret, 32 bytes!!!!').toString('base64')}`)).status).toBe(
      401,
    );
  });
});
