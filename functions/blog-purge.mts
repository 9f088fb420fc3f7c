// Netlify scheduled function: every minute, send the blog's cache purges still owed (src/request/blog/drain-blog-purges.ts):
// what the CLI could not send right after a change (a refused or unanswered purge, a change made elsewhere). The
// targets come from the environment: Netlify's purge API with NETLIFY_PURGE_API_TOKEN and SITE_ID (both set in a
// function's environment), and SKRIBRA_PURGE_URL. Scheduled functions have 30 s: no new batch starts after 15 s, and
// one batch is bounded by the purge's timeout (10 s).
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { drainBlogPurges, type DrainOutcome } from '../src/request/blog/drain-blog-purges.ts';
import { connect } from '../src/store/open-store.ts';

const BUDGET_MS = 15_000;

const env = readConfig();
const url = databaseUrl(env);
const sql = url ? connect(url, env.SKRIBRA_DB_POOL ?? 2, env) : undefined;

const describe = (o: DrainOutcome): string =>
  `blog purges (${o.target}): ${o.batches} batches, ${
    o.state === 'failed' ? `failed (${o.error}), sent again in ${Math.ceil(o.retryInMs / 1000)} s` : o.state
  }`;

export default async (): Promise<Response> => {
  if (!sql) {
    console.log('blog purges: no database (DATABASE_URL or NETLIFY_DB_URL)');
    return new Response(null, { status: 204 });
  }
  const outcomes = await drainBlogPurges(sql, { config: env, budgetMs: BUDGET_MS });
  for (const o of outcomes ?? []) console.log(describe(o));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
