// The handler stack `npm start` serves (createLocalOrigin: every API of the registry over the test build and a real
// store of its own), for tests that hold the pipeline to its promises from the outside.
import { builtSite } from '../helpers/built-site.ts';
import { openTestStore, fixture, type TestStore } from '../content/helpers.ts';
import { seedDemo } from '../../dev/seed/seed.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';

export interface Stack {
  site: string;
  handler: (req: Request) => Promise<Response>;
  catalog: ReturnType<typeof createLocalOrigin>['catalog'];
  account: Awaited<ReturnType<typeof fixture>>;
  store: TestStore;
}

export async function openStack(): Promise<Stack> {
  const { distDir, siteUrl } = await builtSite();
  const store = await openTestStore();
  await seedDemo(store.store, { config: readConfig() });
  const account = await fixture(store.store, 3);
  // Limits high enough that thousands of generated requests never meet them (429 is tested elsewhere).
  const { handler, catalog } = createLocalOrigin({
    distDir,
    config: readConfig(),
    sql: store.store.sql,
    content: { limits: { list: { hour: 1e9, day: 1e9 }, detail: { hour: 1e9, day: 1e9 } } },
    toolsRateLimit: { windowLimit: 1e9, windowSize: 60 },
    signupRateLimit: { windowLimit: 1e9, windowSize: 60 },
  });
  return { site: siteUrl, handler, catalog, account, store };
}

/** Sends a raw path (not normalised by us: `new URL` does what any client's URL parser does). */
export async function send(stack: Stack, rawPath: string, init: RequestInit = {}) {
  const res = await stack.handler(new Request(`${stack.site}${rawPath}`, init));
  const text = await res.text();
  let body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}
