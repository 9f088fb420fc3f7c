// The webhook tests need a Postgres and a loopback receiver, not the site build:
// `npx vitest run --config tests/webhooks/vitest.config.ts` (the root config runs them too).
import { suiteConfig } from '../helpers/suite-config.ts';

export default suiteConfig(['tests/webhooks/**/*.test.ts']);
