// The store, content API, webhook and client suites in one run, for a PostgreSQL given as DATABASE_URL (CI's second,
// independent server: scripts/ci-postgres.sh). Its user creates a database per test file (CREATEDB).
//   DATABASE_URL=postgres://... npx vitest run --config tests/postgres.config.ts
import { suiteConfig } from './helpers/suite-config.ts';

export default suiteConfig(['tests/content/**/*.test.ts', 'tests/webhooks/**/*.test.ts', 'tests/content-client/**/*.test.ts'], {
  client: true,
});
