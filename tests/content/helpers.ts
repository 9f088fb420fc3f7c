// Test helpers: a real store (a database of the test file's own: tests/helpers/test-store.ts),
// the handler, and fixtures made through the repositories.
import type { Store } from '../../src/store/open-store.ts';
import { createAccount } from '../../src/store/repos/accounts.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle } from '../../src/store/repos/articles.ts';
import { ownArticleInput } from '../../src/model/schemas/own-article.ts';
import { createContentApi, type ContentApiDeps } from '../../src/request/api/content/create-content-api.ts';
import { readConfig } from '../../src/model/config.ts';

export { openTestStore, type TestStore } from '../helpers/test-store.ts';

/** The content API over the test's store; every answer is checked against its endpoint's output schema. */
export function api(store: Store, deps: Partial<ContentApiDeps> = {}) {
  const handler = createContentApi({ sql: store.sql, config: readConfig(), checkAnswers: true, ...deps });
  return async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await handler(new Request(`http://localhost${path}`, { headers, method }));
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
let n = 0;
export const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;

export function articleInput(slug: string, title: string, extra: Record<string, unknown> = {}) {
  return ownArticleInput.parse({
    title,
    slug,
    content_html: `<h2>${title}</h2><p>Body.</p>`,
    excerpt: `About ${title}`,
    type: 'guide',
    reading_time: 4,
    keyword: slug.split('-')[0],
    ...extra,
  });
}

/** An account with one project on, one off, and `count` articles in the on project. */
export async function fixture(store: Store, count = 3, at?: (i: number) => { published?: Date; updated?: Date }) {
  const acc = await createAccount(store.sql, uniq('acc'));
  const on = await createProject(store.sql, { accountId: acc.account_id, name: 'On', url: 'https://on.example', apiEnabled: true });
  const off = await createProject(store.sql, { accountId: acc.account_id, name: 'Off', apiEnabled: false });
  const slugs: string[] = [];
  for (let i = 0; i < count; i++) {
    const slug = `post-${String(i).padStart(3, '0')}`;
    await publishArticle(store.sql, on, articleInput(slug, `Title ${String.fromCharCode(65 + ((i * 7) % 26))} ${i}`), at?.(i));
    slugs.push(slug);
  }
  return { id: acc.account_id, key: acc.api_key, on, off, slugs };
}
