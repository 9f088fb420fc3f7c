// The content benchmarks' store: one account with 10 projects of 1,000 articles each (about 6 KB of HTML apiece),
// their stored detail answers made as a publish makes them (migration 010). Used by bench:content and bench:gate.
import type { Sql } from 'postgres';
import { createAccount } from '../src/store/repos/accounts.ts';
import { createProject } from '../src/store/repos/projects.ts';
import { storeArticleAnswers } from '../src/store/repos/article-answers.ts';

export const BENCH_PROJECTS = 10;
export const BENCH_ARTICLES = 1000;

/** Seeds the benchmark account; its key and its projects' ids. */
export async function seedBenchAccount(sql: Sql): Promise<{ apiKey: string; projects: string[] }> {
  const { account_id, api_key } = await createAccount(sql, 'Bench account');
  const projects: string[] = [];
  for (let p = 0; p < BENCH_PROJECTS; p++) {
    const id = await createProject(sql, {
      accountId: account_id,
      name: `Bench ${p}`,
      url: `https://bench-${p}.example`,
      apiEnabled: true,
    });
    projects.push(id);
    await sql`
      insert into articles (id, project_id, slug, title, content_html, excerpt, meta_description, type, reading_time, keyword,
        sources, json_ld, published_at, created_at, updated_at)
      select 'art_' || md5(${id} || i), ${id}, 'article-' || i, 'Article ' || i || ' about topic ' || (i % 37),
        repeat('<h2>Section</h2><p>' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 12) || '</p>', 8)
          || '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
        'Excerpt of article ' || i, 'Meta description of article ' || i, 'guide', 3 + i % 9, 'keyword ' || (i % 50),
        '[{"title":"Source","url":"https://example.com/source"}]'::jsonb,
        jsonb_build_array(jsonb_build_object('@context', 'https://schema.org', '@type', 'BlogPosting', 'headline', 'Article ' || i)),
        now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '30 minutes'
      from generate_series(1, ${BENCH_ARTICLES}) as i`;
    await storeArticleAnswers(sql, { projectId: id });
  }
  await sql`vacuum analyze articles`;
  await sql`vacuum analyze article_answers`;
  return { apiKey: api_key, projects };
}
