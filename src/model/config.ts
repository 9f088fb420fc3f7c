// The one reader of the environment (DESIGN section 2): every variable the service reads, with its default and its
// rule, in one zod schema. Entry points (scripts/start.ts, the Netlify functions, the build) read it and pass values
// down; a bad value stops them with the variable named, instead of a silent fallback somewhere deep.
// docs/reference.md (Environment) documents the same variables.
import * as z from 'zod';

const int = (fallback: number, min = 1) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .int({ error: `must be an integer of at least ${min}` })
      .min(min, { error: `must be an integer of at least ${min}` })
      .default(fallback),
  );
const flag = z.preprocess((v) => v === '1' || v === 'true', z.boolean());
const text = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const configSchema = z.object({
  PORT: int(4321),
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: text,
  SKRIBRA_TRUST_PROXY: flag,
  /** PostgreSQL; NETLIFY_DB_URL is Netlify Database's name for the same. Unset: the embedded server. */
  DATABASE_URL: text,
  NETLIFY_DB_URL: text,
  /** Connections per process; each runtime has its own default (the origin 10, a Netlify function 2 or 3). */
  SKRIBRA_DB_POOL: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.int().min(1, { error: 'must be an integer of at least 1' }).optional(),
  ),
  SKRIBRA_DB_TIMEOUT_MS: int(5000),
  SKRIBRA_RATE_LIST_HOUR: int(300),
  SKRIBRA_RATE_LIST_DAY: int(2000),
  SKRIBRA_RATE_DETAIL_HOUR: int(600),
  SKRIBRA_RATE_DETAIL_DAY: int(6000),
  SKRIBRA_LIST_CACHE_ENTRIES: int(2000, 0),
  SKRIBRA_LIST_CACHE_MB: int(32, 0),
  SKRIBRA_DB_CONNECT_TIMEOUT: int(5),
  /**
   * The longest a change stream (GET /v1/events) stays open, in seconds; then it ends cleanly and the client resumes.
   * Each host has its own default (STREAM_BOUND_S: the local origin 900, a Netlify function 50, below its 60 s).
   */
  SKRIBRA_EVENTS_MAX_S: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.int().min(1, { error: 'must be an integer of at least 1' }).optional(),
  ),
  /**
   * 1: DATABASE_URL is a transaction-mode pooler (PgBouncer, Supabase's port 6543, a pooled Neon or Netlify Database
   * address), which hands each transaction any server connection: no named prepared statements, one exchange at a
   * time per connection; so is a URL that names one (src/store/pooler-url.ts). 0 or unset: the server is asked at
   * connect, and only a proven server gets the fast mode (src/store/prove-server.ts); 0 never overrides the proof.
   */
  SKRIBRA_DB_POOLER: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
    z.boolean({ error: 'must be 0 or 1' }).optional(),
  ),
  SKRIBRA_STORE_WAIT_S: int(30, 0),
  SKRIBRA_DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('.data')),
  SKRIBRA_CONTENT_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('content')),
  /** The blog: which store project it is, how long a read may take, whether a build may go without it. */
  SKRIBRA_BLOG_PROJECT_ID: text,
  SKRIBRA_BLOG_TIMEOUT_MS: int(3000),
  SKRIBRA_BLOG_OPTIONAL: flag,
  SKRIBRA_SEED_DEMO: flag,
  /** Seals webhook secrets at rest (src/request/webhooks/secret-box.ts): 32 bytes, base64. Unset: stored as given. */
  SKRIBRA_SECRETS_KEY: text,
  /**
   * Purges of the blog's cached answers after each change of its articles (src/request/blog/purge-targets.ts). An endpoint of
   * our own (a Varnish with xkey): POSTed `{"tags": [...]}` with the tags in `xkey-purge` and `Surrogate-Key` too, and
   * SKRIBRA_PURGE_TOKEN as a bearer token when set.
   */
  SKRIBRA_PURGE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  SKRIBRA_PURGE_TOKEN: text,
  /** Netlify's CDN: a purge API token and the site's id (a Netlify function has both in its environment). */
  NETLIFY_PURGE_API_TOKEN: text,
  SITE_ID: text,
  /** Netlify's API root, for its purges (tests point it at a local receiver). */
  SKRIBRA_NETLIFY_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.netlify.com'),
  ),
  /** The site the seeded demo articles point at. */
  SKRIBRA_SITE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('https://skribra.com')),
  SKRIBRA_WEBHOOK_INTERVAL_MS: int(5000),
  SKRIBRA_WEBHOOK_ALLOW_PRIVATE: flag,
  SKRIBRA_WEBHOOK_ALLOW_HTTP: flag,
  /** Write br/gzip variants of text files at build, for the local origin (a CDN compresses by itself). */
  SKRIBRA_PRECOMPRESS: flag,
  /**
   * The dashboard (another product) the site's sign-up and sign-in links go to: an absolute URL or a path on the site.
   * Unset: the site's own page about the trial, /start/ (src/site/components/app-url.ts).
   */
  SKRIBRA_APP_URL: text,
  /**
   * Where each trial sign-up (/start/) is announced to the team: an http(s) URL that receives a Standard Webhooks
   * `signup.created` message, sent from the store's outbox and retried (src/request/webhooks/announce-signups.ts). Unset: the
   * sign-ups wait in the store (`skribra signup list`) and are announced once it is set.
   */
  SKRIBRA_SIGNUP_WEBHOOK_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  /** The announcement's signing secret, `whsec_` + base64 (Standard Webhooks); required with the URL. */
  SKRIBRA_SIGNUP_WEBHOOK_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{20,}={0,2}$/, { error: 'must be a Standard Webhooks secret: whsec_ followed by base64' })
      .optional(),
  ),
  /**
   * The site's full-text search index (Pagefind, written to /pagefind/ after the pages): on unless `0`. Off, the
   * search page asks /api/v1/search (titles and descriptions) instead.
   */
  SKRIBRA_SEARCH_INDEX: z.preprocess(
    (v) => (v === undefined || v === '' || v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
    z.boolean({ error: 'must be 0 or 1' }),
  ),
  /** Rendered Open Graph images, keyed by content. */
  SKRIBRA_OG_CACHE: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('node_modules/.cache/skribra-og')),
  /**
   * What a rebuild reuses, keyed by the code and the content: the loaded content, the rendered glossary term pages,
   * the search index and the output files it writes again unchanged.
   */
  SKRIBRA_BUILD_CACHE: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('node_modules/.cache/skribra-build')),
  /** Where the Netlify functions find the build's artifacts (tests point it at a temp build). */
  SKRIBRA_DIST_DIR: text,
  /** Netlify's deploy URLs: a deploy preview's own tool pages may use its tools. */
  URL: text,
  DEPLOY_PRIME_URL: text,
  DEPLOY_URL: text,
  SKRIBRA_WEBHOOK_TRIGGER_SECRET: text,
  /**
   * IndexNow (indexnow.org), off unless a key is set: the build writes /{key}.txt and submits the pages whose content
   * changed since the last submitted build; a blog change submits its article's URL. SITE_URL must be set too.
   */
  SKRIBRA_INDEXNOW_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9-]{8,128}$/, { error: 'must be 8 to 128 characters of a-z, A-Z, 0-9 and -' })
      .optional(),
  ),
  /** Where submissions go: any engine shares them with the others. */
  SKRIBRA_INDEXNOW_ENDPOINT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.indexnow.org/indexnow'),
  ),
  /** The last submitted build's page hashes, kept between builds (Netlify keeps node_modules/.cache). */
  SKRIBRA_INDEXNOW_CACHE: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('node_modules/.cache/skribra-indexnow')),
  /** Netlify's build context: only a production build (or a build outside Netlify) submits to IndexNow. */
  CONTEXT: text,
});
export type Config = z.output<typeof configSchema>;

/**
 * Per-address limits that are not settings, in Netlify's shape (at most `windowLimit` requests per `windowSize`
 * seconds). The tools API's is the Netlify function's `rateLimit` too, which Netlify reads as a literal
 * (functions/tools-api.mts; tests/tools holds the two together); the local origin enforces it in memory.
 */
export const TOOLS_RATE_LIMIT = { windowLimit: 30, windowSize: 60 } as const;
/**
 * Requests to the public MCP server and its server cards (/mcp, /.well-known/mcp/server-card*) per client address: no
 * key there, so nothing else bounds an anonymous caller. Also the MCP function's `rateLimit`, the same way
 * (functions/mcp.mts; tests/mcp/netlify.test.ts holds the two together).
 */
export const MCP_RATE_LIMIT = { windowLimit: 60, windowSize: 60 } as const;
/**
 * Sign-up attempts (POST /signup, stored or not) per client address. Also the sign-up function's `rateLimit`, the same
 * way (functions/signup.mts; tests/signup holds the two together); the local origin enforces it in memory.
 */
export const SIGNUP_RATE_LIMIT = { windowLimit: 5, windowSize: 60 } as const;
/** Failed content-API authentications per client address, per process, whatever the key's shape: past it 429 before a
 * key is looked up, unless this process has seen the key valid (src/request/api/content/known-keys.ts). */
export const FAILED_AUTH_LIMIT = { windowLimit: 20, windowSize: 60 } as const;
/** Keys one process remembers as valid, to let them past FAILED_AUTH_LIMIT. */
export const KNOWN_KEYS = 10_000;

const KEYS = Object.keys(configSchema.shape);
let last: { key: string; config: Readonly<Config> } | undefined;

/**
 * Parses the environment; throws one error naming every bad variable. The same values give the same (frozen) object
 * without parsing again: a build asks on every page it renders (the sign-up link), 20,000 times at 10,000 terms.
 */
export function readConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const key = JSON.stringify(KEYS.map((k) => env[k] ?? null));
  if (last?.key === key) return last.config;
  // A parse is rare (once per environment): zod's compiled fast path (jit) would cost more to compile than it saves.
  const parsed = configSchema.safeParse(env, { jitless: true });
  if (!parsed.success)
    throw new Error(`bad environment: ${parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join('; ')}`);
  last = { key, config: Object.freeze(parsed.data) };
  return last.config;
}

/** The store's connection string, if any (production, or a second server in CI). */
export const databaseUrl = (c: Config): string | undefined => c.DATABASE_URL ?? c.NETLIFY_DB_URL;
