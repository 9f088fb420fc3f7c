// A delivery worker in its own process, for the kill -9 test: joins the test's store (SKRIBRA_DATA_DIR or
// DATABASE_URL), sends due deliveries one at a time with a short lease and prints each outcome; the test kills it
// mid-send.
import { openStore } from '../../src/store/open-store.ts';
import { readConfig } from '../../src/model/config.ts';
import { describeResult, runDueDeliveries } from '../../src/request/webhooks/run-deliveries.ts';

const store = await openStore({ config: readConfig(), max: 2 });
console.log('ready');
for (;;) {
  for (const r of await runDueDeliveries(store.sql, {
    config: readConfig(),
    leaseMs: Number(process.env.LEASE_MS),
    batch: 1,
    policy: { allowHttp: true, allowPrivate: true },
  }))
    console.log(describeResult(r));
  await new Promise((r) => setTimeout(r, 20));
}
