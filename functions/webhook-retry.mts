// Netlify scheduled function: every minute, send the publish-webhook deliveries that are due (retries, and any
// first send a background function did not get to). Scheduled functions have 30 s: no new round starts after
// 5 s, and one round is bounded by DNS (5 s) plus the send timeout (15 s).
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { connect } from '../src/store/open-store.ts';
import { describeResult, runDueDeliveries } from '../src/request/webhooks/run-deliveries.ts';

const env = readConfig();
const sql = connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 3, env);

export default async () => {
  const results = await runDueDeliveries(sql, { config: env, budgetMs: 5000 });
  for (const r of results) console.log(describeResult(r));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
