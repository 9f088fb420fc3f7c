// Netlify background function: the first send of freshly published articles, off the request that published
// them (it answers 202 at once and may run for minutes). POST {"delivery_ids": ["msg_…"]} sends those when
// due; an empty body sends whatever is due. It requires `Authorization: Bearer <SKRIBRA_WEBHOOK_TRIGGER_SECRET>`
// and is closed while that secret is not configured (the scheduled retry function still sends everything).
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { connect } from '../src/store/open-store.ts';
import { describeResult, runDueDeliveries } from '../src/request/webhooks/run-deliveries.ts';
import { triggerAllowed } from '../src/request/webhooks/trigger-allowed.ts';

const env = readConfig();
const sql = connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 3, env);

async function deliveryIds(req: Request): Promise<string[] | undefined> {
  try {
    const body = (await req.json()) as { delivery_ids?: unknown };
    const ids = Array.isArray(body?.delivery_ids) ? body.delivery_ids.filter((v): v is string => typeof v === 'string') : [];
    return ids.length ? ids.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}

export default async (req: Request): Promise<void> => {
  if (!triggerAllowed(req.headers.get('authorization'), env.SKRIBRA_WEBHOOK_TRIGGER_SECRET)) {
    console.log(
      env.SKRIBRA_WEBHOOK_TRIGGER_SECRET
        ? 'webhook send: refused a call without the trigger secret'
        : 'webhook send: closed (SKRIBRA_WEBHOOK_TRIGGER_SECRET is not set)',
    );
    return;
  }
  const ids = await deliveryIds(req);
  const results = await runDueDeliveries(sql, { config: env, ids, budgetMs: 10 * 60_000 });
  for (const r of results) console.log(describeResult(r));
};

export const config: Config = { background: true, method: 'POST' };
