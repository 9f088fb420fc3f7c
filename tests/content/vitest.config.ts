// The store and content-API tests need a Postgres, not the site build: `npx vitest run --config tests/content/vitest.config.ts`
// (the root config runs them too; tests/postgres.config.ts runs them with the webhook and client suites).
import { suiteConfig } from '../helpers/suite-config.ts';

export default suiteConfig(['tests/content/**/*.test.ts']);
