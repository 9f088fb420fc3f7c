// Findings of the security review, each held by a test: a receiver's error text is stored without control
// characters; a new webhook URL gets a new secret; a revoke racing a rotation never misses a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { articleInput, openTestStore, uniq, type TestStore } from '../content/helpers.ts';
import { createAccount, revokeKeys, rotateKey } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { configureEndpoint } from '../../src/request/webhooks/configure-endpoint.ts';
import { readConfig } from '../../src/model/config.ts';
import { runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let t: TestStore;
let rx: Receiver;
beforeAll(async () => {
  t = await openTestStore();
  rx = await startReceiver();
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

async function project(url = rx.url) {
  const acc = await createAccount(t.store.sql, uniq('acc'));
  const pid = await createProject(t.store.sql, { accountId: acc.account_id, name: 'Hooked', apiEnabled: true });
  return { pid, acc, secret: (await configureEndpoint(t.store.sql, pid, { url }, readConfig()))!.secret! };
}

describe('security review findings', () => {
  it("stores a receiver's error text without control characters (no terminal escape reaches the CLI)", async () => {
    const { pid } = await project();
    rx.answer({ status: 500, body: '\u001b[2J\u001b[31mpwned\u001b[0m\r\nline two\u0007' });
    const r = await publishArticle(t.store.sql, pid, articleInput('escape-codes', 'Escape codes'));
    await runDueDeliveries(t.store.sql, { config: readConfig(), ids: [r.delivery_id!], policy: { allowHttp: false, allowPrivate: true } });
    const [row] = await t.store.sql`select last_error from webhook_deliveries where id = ${r.delivery_id!}`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be stored
    expect(row!.last_error).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(row!.last_error).toContain('pwned');
    rx.answer({ status: 204 });
  });

  it('gives a new URL a new secret; the old one signs nothing from then on', async () => {
    const { pid, secret } = await project();
    const other = await startReceiver('/elsewhere');
    try {
      const same = await configureEndpoint(t.store.sql, pid, { url: rx.url }, readConfig());
      expect(same!.secret).toBe(secret);
      const moved = await configureEndpoint(t.store.sql, pid, { url: other.url }, readConfig());
      expect(moved!.secret).not.toBe(secret);
      expect(moved!.previous_secret_until).toBeNull();
      const r = await publishArticle(t.store.sql, pid, articleInput('moved', 'Moved'));
      await runDueDeliveries(t.store.sql, {
        config: readConfig(),
        ids: [r.delivery_id!],
        policy: { allowHttp: false, allowPrivate: true },
      });
      const hit = other.hits[0]!;
      const headers = Object.fromEntries(Object.entries(hit.headers).map(([k, v]) => [k, String(v)]));
      expect(new Webhook(moved!.secret!).verify(hit.body, headers)).toMatchObject({ type: 'article.published' });
      expect(() => new Webhook(secret).verify(hit.body, headers)).toThrow();
      expect(String(hit.headers['webhook-signature']).split(' ')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a revoke racing a rotation always revokes a key: the old one, or the new one', async () => {
    for (let i = 0; i < 25; i++) {
      const acc = await createAccount(t.store.sql, uniq('race'));
      const [, revoked] = await Promise.all([rotateKey(t.store.sql, acc.account_id), revokeKeys(t.store.sql, acc.account_id)]);
      const [{ active }] = await t.store
        .sql`select count(*)::int as active from api_keys where account_id = ${acc.account_id} and revoked_at is null`;
      expect(revoked, `round ${i}`).toBe(1);
      expect(active).toBeLessThanOrEqual(1);
    }
  });
});

describe('webhook secrets at rest', () => {
  it('are sealed under SKRIBRA_SECRETS_KEY: the database holds no usable secret, deliveries still verify', async () => {
    process.env.SKRIBRA_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
    try {
      const { pid, secret } = await project();
      expect(secret).toMatch(/^whsec_/);
      const [row] = await t.store.sql`select webhook_secret from projects where id = ${pid}`;
      expect(row!.webhook_secret).toMatch(/^enc1:/);
      expect(row!.webhook_secret).not.toContain(secret.slice(6, 20));
      const r = await publishArticle(t.store.sql, pid, articleInput('sealed', 'Sealed'));
      await runDueDeliveries(t.store.sql, {
        config: readConfig(),
        ids: [r.delivery_id!],
        policy: { allowHttp: false, allowPrivate: true },
      });
      const hit = rx.hits.at(-1)!;
      expect(
        new Webhook(secret).verify(hit.body, Object.fromEntries(Object.entries(hit.headers).map(([k, v]) => [k, String(v)]))),
      ).toMatchObject({ data: { slug: 'sealed' } });
      // Kept when the URL stays: the same secret comes back, still sealed in the store.
      expect((await configureEndpoint(t.store.sql, pid, { url: rx.url }, readConfig()))!.secret).toBe(secret);
      // Another key cannot open it, and says so.
      process.env.SKRIBRA_SECRETS_KEY = Buffer.alloc(32, 8).toString('base64');
      await expect(configureEndpoint(t.store.sql, pid, { url: rx.url }, readConfig())).rejects.toThrow(/not the key it was sealed with/);
    } finally {
      delete process.env.SKRIBRA_SECRETS_KEY;
    }
  });
});
