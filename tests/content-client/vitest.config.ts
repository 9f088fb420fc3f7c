// The client's tests need a store, a served content API and the built package, not the site build:
// `npx vitest run --config tests/content-client/vitest.config.ts` (the root config runs them too).
import { suiteConfig } from '../helpers/suite-config.ts';

export default suiteConfig(['tests/content-client/**/*.test.ts'], { client: true });
