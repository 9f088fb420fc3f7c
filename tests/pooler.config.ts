// The store, content API, webhook and client suites through a transaction-mode pooler: Debian's PgBouncer in front of
// an independent PostgreSQL, both started by the run (tests/store/global-pooler.ts; root, as CI is), and the
// pooler's own tests (tests/store/*.pooler.ts: the load, several processes, the pooler killed and restarted).
//   npx vitest run --config tests/pooler.config.ts
import { suiteConfig } from './helpers/suite-config.ts';

const config = suiteConfig(
  ['tests/content/**/*.test.ts', 'tests/webhooks/**/*.test.ts', 'tests/content-client/**/*.test.ts', 'tests/store/**/*.pooler.ts'],
  { client: true },
);
config.test!.globalSetup = ['tests/helpers/global-client.ts', 'tests/store/global-pooler.ts'];
// The Astro example's 1,000-article build is a site build, not a store path: npm test and the second PostgreSQL's run
// hold it; through the pooler it only adds ten minutes of publishing one article at a time (it timed out at 600 s in a
// CI run with other work beside it). Its dev server's test neither: Astro allows one `astro dev` of a root at a time,
// and CI runs this config beside the second PostgreSQL's, which holds it.
config.test!.exclude = ['tests/content-client/astro-example.test.ts', 'tests/content-client/astro-dev-refresh.test.ts'];
export default config;
