// Netlify Functions 2.0 entry of the authenticated content API (/v1). The store is DATABASE_URL.
import type { Config, Context } from '@netlify/functions';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { connect } from '../src/store/open-store.ts';
import { createContentApi } from '../src/request/api/content/create-content-api.ts';
import { withClientAddress } from '../src/request/api/http/client-address.ts';

const env = readConfig();
const api = createContentApi({ config: env, host: 'netlify', sql: connect(databaseUrl(env) ?? '', env.SKRIBRA_DB_POOL ?? 3, env) });

export default (req: Request, context: Context) => api(withClientAddress(req, context?.ip));

// Literal: Netlify reads this config statically. tests/public/netlify-wiring.test.ts holds it to the registry.
export const config: Config = { path: ['/v1', '/v1/*'] };
