// Netlify Functions 2.0 entry of the trial sign-up (POST /signup, the /start/ form). The platform enforces the per-IP
// limit through `rateLimit` (the local origin enforces the same numbers in memory); the handler validates, stores
// (DATABASE_URL) and sends the team's announcement after the answer (context.waitUntil); the scheduled
// signup-announce function retries what did not go out. The plans come from the build's catalog (included_files).
import type { Config, Context } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { connect } from '../src/store/open-store.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { artifactDir } from '../src/request/api/public/artifact-dir.ts';
import { createSignupApi } from '../src/request/api/signup/create-signup-api.ts';
import { withClientAddress } from '../src/request/api/http/client-address.ts';
import { announceDueSignups, describeAnnouncement } from '../src/request/webhooks/announce-signups.ts';

const env = readConfig();
const sql = connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 2, env);
const { catalog } = loadPublicApi(artifactDir(env));
const contexts = new WeakMap<Request, Context>();
const handler = createSignupApi({
  sql,
  pricing: catalog.pricing,
  announce: (id, req) => {
    const sending = announceDueSignups(sql, { config: env, ids: [id] })
      .then((results) => results.forEach((r) => console.log(describeAnnouncement(r))))
      .catch((err: unknown) => console.error(`signup announcer: ${(err as Error).message}`));
    contexts.get(req)?.waitUntil?.(sending);
  },
});

export default (req: Request, context: Context): Promise<Response> => {
  const stamped = withClientAddress(req, context?.ip);
  if (context) contexts.set(stamped, context);
  return handler(stamped);
};

// Literal: Netlify reads this config statically. tests/signup holds rateLimit to SIGNUP_RATE_LIMIT and
// tests/public/netlify-wiring.test.ts the path to the registry.
export const config: Config = {
  path: ['/signup', '/signup/*'],
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
