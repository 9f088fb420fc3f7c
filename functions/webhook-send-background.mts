// Netlify background function: the first send of freshly published articles, off the request that published
// them (it answers 202 at once and may run for minutes). POST {"delivery_ids": ["msg_…"]} sends those when
// due; an empty body sends whatever is due. It can only send what the outbox already holds, so a stray call is
// harmless; with SKRIBRA_WEBHOOK_TRIGGER_SECRET set it also requires `Authorization: Bearer <that secret>`.
import type { Config } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/config.ts';
import { connect } from '../src/store/open-store.ts';
import { describeResult, runDueDeliveries } from '../src/webhooks/run-deliveries.ts';

const env = readConfig();
const sql = connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 3);

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
  const secret = env.SKRIBRA_WEBHOOK_TRIGGER_SECRET;
  if (secret && req.headers.get('authorization') !== `Bearer ${secret}`) return;
  const ids = await deliveryIds(req);
  const results = await runDueDeliveries(sql, { ids, budgetMs: 10 * 60_000 });
  for (const r of results) console.log(describeResult(r));
};

export const config: Config = { background: true, method: 'POST' };
