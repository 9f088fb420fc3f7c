// The examples of content/pages/docs/webhooks.md. Its event payloads are generated: each JSON block under an
// event's heading must equal exampleEvent() (src/request/webhooks/example-event.ts) with the fixed values below, printed with
// two spaces. When the schemas or the example article change, regenerate the blocks on purpose:
//   UPDATE_DOCS=1 npx vitest run --config tests/content-client/vitest.config.ts tests/content-client/docs-webhooks.test.ts
// The handlers run too: the fetch handler on the outbox's own deliveries of an article's whole life, in order, out of
// order and repeated; the Express one with a stand-in for express; the node:crypto check on signed messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as crypto from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { updateArticleFields } from '../../src/store/repos/article-fields.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { signHeaders } from '../../src/request/webhooks/sign-headers.ts';
import { exampleEvent } from '../../src/request/webhooks/example-event.ts';
import { fillSiteAddress } from '../../src/model/catalog/site-address.ts';
import { ARTICLE_EVENTS, articleRemoval, webhookPayloads, type ArticleEvent } from '../../src/model/schemas/webhook-events.ts';

const PAGE = new URL('../../content/pages/docs/webhooks.md', import.meta.url);

/** The fixed values of the page's examples: the docs' project and account, and a plausible sequence and time. */
const EXAMPLES: Record<ArticleEvent, { sequence: number; timestamp: string }> = {
  'article.published': { sequence: 1041, timestamp: '2026-11-02T09:30:00.000Z' },
  'article.updated': { sequence: 1042, timestamp: '2026-11-02T09:30:00.000Z' },
  'article.unpublished': { sequence: 1187, timestamp: '2026-11-20T10:00:00.000Z' },
  'article.redirected': { sequence: 1203, timestamp: '2026-11-24T16:45:00.000Z' },
};

/** The example body of `type`, as the page must show it. */
function generatedExample(type: ArticleEvent): string {
  const { sequence, timestamp } = EXAMPLES[type];
  return JSON.stringify(
    exampleEvent(type, { projectId: 'prj_8f2c1a', accountId: 'usr_2d61f7', sequence, timestamp: new Date(timestamp) }),
    null,
    2,
  );
}

/** Where the JSON block of `type` is in `page`: the first one after the heading `### <type>`. */
function locate(page: string, type: ArticleEvent): { start: number; end: number } {
  const heading = page.indexOf(`\n### ${type}\n`);
  if (heading < 0) throw new Error(`webhooks.md has no "### ${type}" heading`);
  const open = page.indexOf('```json\n', heading);
  const close = page.indexOf('\n```', open + 8);
  if (open < 0 || close < 0) throw new Error(`no json block after "### ${type}"`);
  return { start: open + 8, end: close };
}

/** The page's example block of each event. */
function exampleBlocks(page = shown()): Record<ArticleEvent, string> {
  return Object.fromEntries(
    ARTICLE_EVENTS.map((type) => {
      const { start, end } = locate(page, type);
      return [type, page.slice(start, end)];
    }),
  ) as Record<ArticleEvent, string>;
}

/** The page's source with every example block replaced by its generated text, the site's address as the source writes it. */
function regenerate(page: string): string {
  for (const type of ARTICLE_EVENTS) {
    const { start, end } = locate(page, type);
    page = page.slice(0, start) + generatedExample(type).replaceAll(SITE, '{{site_url}}') + page.slice(end);
  }
  return page;
}

/** The examples name the site as production does: the page's {{site_url}} filled with exampleEvent's address. */
const SITE = 'https://skribra.com';
const source = () => readFileSync(PAGE, 'utf8');
const shown = () => fillSiteAddress(source(), SITE);
const page = shown;

/** The fenced `lang` block after `heading` whose text contains `marker`. */
function block(heading: string, lang: string, marker: string): string {
  const text = page();
  const from = text.indexOf(heading);
  if (from < 0) throw new Error(`no heading ${heading}`);
  const found = [...text.slice(from).matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].find((m) => m[1]!.includes(marker));
  if (!found) throw new Error(`no ${lang} block with ${marker} after ${heading}`);
  return found[1]!;
}

/**
 * A docs module evaluated with its imports supplied: every `import { a, b } from 'x'` / `import a from 'x'` line is
 * dropped (its names must be in `deps`), `export` is removed, and the named functions or constants are returned.
 */
function evaluate(code: string, deps: Record<string, unknown>, names: string[]): Record<string, any> {
  const imported = [...code.matchAll(/^import\s+(?:\{([^}]*)\}|(\w+))\s+from\s+'[^']+';$/gm)].flatMap((m) =>
    m[1]
      ? m[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [m[2]!],
  );
  for (const name of imported) expect(deps, `the example imports ${name}`).toHaveProperty(name);
  const body = code.replace(/^import .*$/gm, '').replace(/^export /gm, '');
  return new Function(...Object.keys(deps), `${body}\nreturn { ${names.join(', ')} };`)(...Object.values(deps));
}

describe('docs: webhooks page, generated examples', () => {
  it('shows every event type, each block exactly as exampleEvent makes it (UPDATE_DOCS=1 rewrites them)', () => {
    if (process.env.UPDATE_DOCS === '1') {
      const next = regenerate(source());
      if (next !== source()) writeFileSync(PAGE, next);
    }
    const blocks = exampleBlocks();
    for (const type of ARTICLE_EVENTS) expect(blocks[type], `${type}: regenerate with UPDATE_DOCS=1`).toBe(generatedExample(type));
  });

  it('every example is valid for its event schema', () => {
    for (const [type, text] of Object.entries(exampleBlocks())) webhookPayloads[type as ArticleEvent].parse(JSON.parse(text));
  });

  it('the field tables name every payload field and every removal field', () => {
    const text = page();
    const table = text.slice(text.indexOf('The body is a JSON object:'), text.indexOf('### Headers'));
    for (const field of Object.keys(webhookPayloads['article.published'].shape)) expect(table).toContain(`| \`${field}\` |`);
    for (const field of Object.keys(articleRemoval.shape)) expect(table).toContain(`| \`${field}\` |`);
    for (const type of ARTICLE_EVENTS)
      expect(text.slice(text.indexOf('## When it fires'), text.indexOf('## The request'))).toContain(`| \`${type}\` |`);
  });
});

let t: TestStore;
beforeAll(async () => {
  t = await openTestStore();
});
afterAll(async () => {
  await t?.close();
});

const SECRET = `whsec_${Buffer.from('docs webhook secret, 32 bytes!!').toString('base64')}`;

/** What the fetch handler's `store` placeholder stands for, in memory. */
function memoryStore() {
  const seen = new Set<string>();
  const articles = new Map<string, { sequence: number; state: unknown }>();
  return {
    seen: async (id: string) => seen.has(id),
    markSeen: async (id: string) => {
      seen.add(id);
    },
    lastSequence: async (id: string) => articles.get(id)?.sequence,
    saveArticle: async (a: { id: string; title: string; slug: string }, sequence: number) => {
      articles.set(a.id, { sequence, state: { title: a.title, slug: a.slug } });
    },
    removeArticle: async (id: string, slug: string, sequence: number) => {
      articles.set(id, { sequence, state: { gone: slug } });
    },
    redirectArticle: async (id: string, slug: string, to: string, permanent: boolean, sequence: number) => {
      articles.set(id, { sequence, state: { slug, to, permanent } });
    },
    articles,
  };
}

/** The outbox's deliveries of one article's life to an endpoint subscribed to every event, in sequence order. */
async function lifeDeliveries() {
  const sql = t.store.sql;
  const acc = await createAccount(sql, uniq('acc'));
  const pid = await createProject(sql, { accountId: acc.account_id, name: 'Docs hooks', apiEnabled: true });
  await configureEndpoint(sql, pid, { url: 'https://hooks.example/skribra', events: [...ARTICLE_EVENTS] }, readConfig());
  await publishArticle(sql, pid, articleInput('life', 'Life'));
  await updateArticleFields(sql, pid, 'life', { title: 'Life, edited' });
  await updateArticleState(sql, pid, 'life', { unpublished: true });
  await publishArticle(sql, pid, articleInput('life', 'Life, back'));
  await updateArticleState(sql, pid, 'life', { redirect_to: 'https://on.example/merged/', redirect_type: 'permanent' });
  return sql<{ id: string; payload: string }[]>`select id, payload from webhook_deliveries where project_id = ${pid} order by sequence`;
}

const signed = (id: string, body: string, secret = SECRET) =>
  new Request('https://site.example/hooks/skribra', { method: 'POST', headers: signHeaders(id, body, [secret]), body });

describe('docs: webhooks page, handlers', () => {
  it('the fetch handler applies every event of a life in order, and ends in the same state out of order and repeated', async () => {
    const deliveries = await lifeDeliveries();
    expect(deliveries.map((d) => JSON.parse(d.payload).type)).toEqual([
      'article.published',
      'article.updated',
      'article.unpublished',
      'article.published',
      'article.redirected',
    ]);
    const load = () => {
      const store = memoryStore();
      const { POST } = evaluate(
        block('### With the standardwebhooks package', 'js', 'export async function POST'),
        { Webhook, process: { env: { SKRIBRA_WEBHOOK_SECRET: SECRET } }, store, Response },
        ['POST'],
      );
      return { store, POST: POST as (r: Request) => Promise<Response> };
    };
    const final = { slug: 'life', to: 'https://on.example/merged/', permanent: true };

    const inOrder = load();
    const states: unknown[] = [];
    for (const d of deliveries) {
      expect((await inOrder.POST(signed(d.id, d.payload))).status).toBe(204);
      states.push([...inOrder.store.articles.values()][0]!.state);
    }
    expect(states).toEqual([
      { title: 'Life', slug: 'life' },
      { title: 'Life, edited', slug: 'life' },
      { gone: 'life' },
      { title: 'Life, back', slug: 'life' },
      final,
    ]);

    // Newest first, then every older one late, then all of them again: nothing older overwrites the newest.
    const shuffled = load();
    for (const d of [...deliveries].reverse().concat(deliveries)) expect((await shuffled.POST(signed(d.id, d.payload))).status).toBe(204);
    expect([...shuffled.store.articles.values()].map((a) => a.state)).toEqual([final]);

    // A test message has no sequence and no article: acknowledged, nothing stored; a bad signature is refused.
    const test = JSON.stringify({
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { project_id: 'prj_8f2c1a', message: 'hi' },
    });
    expect((await shuffled.POST(signed('msg_test', test))).status).toBe(204);
    expect(shuffled.store.articles.size).toBe(1);
    const other = `whsec_${Buffer.from('another secret, also 32 bytes!!!').toString('base64')}`;
    expect((await shuffled.POST(signed('msg_forged', deliveries[0]!.payload, other))).status).toBe(400);
  });

  it('the Express handler verifies the raw buffer and queues the event with its id', async () => {
    const routes = new Map<string, (req: unknown, res: unknown) => Promise<unknown>>();
    const express = Object.assign(
      () => ({
        post: (path: string, raw: string, handler: any) => {
          expect(raw).toBe('raw application/json');
          routes.set(path, handler);
        },
      }),
      { raw: (o: { type: string }) => `raw ${o.type}` },
    );
    const jobs: unknown[] = [];
    evaluate(
      block('### With the standardwebhooks package', 'js', "from 'express'"),
      {
        express,
        Webhook,
        process: { env: { SKRIBRA_WEBHOOK_SECRET: SECRET } },
        jobs: {
          add: async (j: unknown) => {
            jobs.push(j);
          },
        },
      },
      [],
    );
    const handler = routes.get('/hooks/skribra')!;
    const body = generatedExample('article.updated');
    const reply = async (headers: Record<string, string>) => {
      const out: { status?: number } = {};
      const res = {
        status: (s: number) => {
          out.status = s;
          return res;
        },
        send: () => res,
        sendStatus: (s: number) => {
          out.status = s;
          return res;
        },
      };
      await handler({ body: Buffer.from(body), headers }, res);
      return out.status;
    };
    expect(await reply(signHeaders('msg_express', body, [SECRET]))).toBe(204);
    expect(jobs).toEqual([{ id: 'msg_express', event: JSON.parse(body) }]);
    expect(await reply({ ...signHeaders('msg_express', body, [SECRET]), 'webhook-id': 'msg_other' })).toBe(400);
  });

  it('the node:crypto check accepts a signed message under either secret of a rotation, and nothing altered or old', () => {
    const { verifySkribraWebhook } = evaluate(
      block('### Without a library', 'js', 'verifySkribraWebhook'),
      { createHmac: crypto.createHmac, timingSafeEqual: crypto.timingSafeEqual },
      ['verifySkribraWebhook'],
    );
    const old = `whsec_${Buffer.from('the previous secret of 32 bytes!').toString('base64')}`;
    const body = generatedExample('article.redirected');
    const headers = signHeaders('msg_rotated', body, [SECRET, old]);
    expect(verifySkribraWebhook(SECRET, headers, body)).toBe(true);
    expect(verifySkribraWebhook(old, headers, body)).toBe(true);
    expect(verifySkribraWebhook(SECRET, headers, body.replace('permanent', 'temporary'))).toBe(false);
    expect(verifySkribraWebhook(SECRET, signHeaders('msg_old', body, [SECRET], new Date(Date.now() - 600_000)), body)).toBe(false);
    // What a receiver's own library says about the same message.
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
  });
});
