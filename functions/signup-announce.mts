// Netlify scheduled function: every minute, announce the trial sign-ups whose first announcement did not go out
// (retries on Standard Webhooks' schedule). No new round starts after 5 s; one round is bounded by DNS (5 s) plus the
// send timeout (15 s), within the 30 s a scheduled function has.
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { connect } from '../src/store/open-store.ts';
import { announceDueSignups, describeAnnouncement } from '../src/request/webhooks/announce-signups.ts';

const env = readConfig();
const sql = connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 2, env);

export default async () => {
  for (const r of await announceDueSignups(sql, { config: env, budgetMs: 5000 })) console.log(describeAnnouncement(r));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
