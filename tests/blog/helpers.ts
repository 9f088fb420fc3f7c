// The blog tests' fixtures: a real store (tests/content/helpers.ts), a blog project with articles in every state,
// and the public API handler over the minimal content catalog with the store's ArticleSource.
import { join } from 'node:path';
import type { Store } from '../../src/store/open-store.ts';
import { createProject } from '../../src/store/repos/projects.ts';
import { publishArticle, updateArticleState } from '../../src/store/repos/articles.ts';
import { loadCatalog } from '../../src/model/catalog/load-catalog.ts';
import { createPublicApi } from '../../src/request/api/public/create-public-api.ts';
import type { ArticleSource } from '../../src/request/api/public/article-source.ts';
import { articleInput, uniq } from '../content/helpers.ts';

export const SITE = 'https://blog.test';
const DAY = 86_400_000;

export const catalog = () => loadCatalog(join(import.meta.dirname, '..', 'fixtures', 'content-minimal'), SITE).catalog;

export function publicApi(articles?: ArticleSource) {
  const handler = createPublicApi({ catalog: catalog(), articles });
  return async (path: string) => {
    const res = await handler(new Request(`${SITE}${path}`));
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
}

const TABLE =
  '<table><thead><tr><th>Signal</th><th>Healthy</th></tr></thead><tbody><tr><td><strong>CTR</strong></td><td>Above 2 %</td></tr></tbody></table>';

/** post-01's cover description and size, tags, author and language (the fields added after spec 2.2's). */
export const WITH_NEW_FIELDS = {
  image_url: 'https://blog.test/images/post-01.webp',
  image_alt: 'A chart of clicks',
  image_width: 1600,
  image_height: 900,
  tags: ['seo', 'guides'],
  author: { name: 'Jane Doe', url: 'https://jane.example/' },
  language: 'en-GB',
};

/**
 * A project like the house blog: 25 visible articles (newest first: post-00 … post-24), one with a table, image,
 * related list and no stored json_ld, one with the added fields (WITH_NEW_FIELDS); plus one unpublished, one
 * redirected, one retired and one noindex.
 */
export async function blogProject(store: Store) {
  const sql = store.sql;
  const [acc] = await sql`insert into accounts (id, name) values (${uniq('acc')}, 'House') returning id`;
  const projectId = await createProject(sql, { accountId: acc!.id, name: 'Blog', apiEnabled: false });
  const now = Date.now();
  const at = (i: number) => ({ published: new Date(now - (i + 1) * DAY), updated: new Date(now - (i + 1) * DAY + 3600_000) });
  for (let i = 0; i < 25; i++) {
    const slug = `post-${String(i).padStart(2, '0')}`;
    const extra =
      i === 0
        ? {
            content_html: `<h2 id="why">Why it matters</h2><p>Intro.</p><h3 id="detail">Detail</h3>${TABLE}<p><del>old</del> new</p>`,
            image_url: 'https://blog.test/images/post-00.webp',
            meta_description: 'Why signals matter.',
            related_articles: [
              { title: 'One', slug: 'post-01' },
              { title: 'Retired', slug: 'retired-post' },
              { title: 'Two', slug: 'post-02' },
            ],
          }
        : i === 1
          ? WITH_NEW_FIELDS
          : {};
    await publishArticle(
      sql,
      projectId,
      articleInput(slug, i % 5 === 0 ? `Programmatic SEO part ${i}` : `Content guide ${i}`, extra),
      at(i),
    );
  }
  const hidden = { unpublished: 'unpublished-post', redirected: 'redirected-post', retired: 'retired-post' } as const;
  for (const slug of [...Object.values(hidden), 'noindex-post'])
    await publishArticle(sql, projectId, articleInput(slug, `Programmatic SEO ${slug}`), at(30));
  await updateArticleState(sql, projectId, hidden.unpublished, { unpublished: true });
  await updateArticleState(sql, projectId, hidden.redirected, {
    redirect_to: 'https://blog.test/blog/post-00/',
    redirect_type: 'permanent',
  });
  await updateArticleState(sql, projectId, hidden.retired, { retired: true });
  await updateArticleState(sql, projectId, 'noindex-post', { noindex: true });
  return { projectId, hidden, visible: 26 };
}
