import { resolve } from 'node:path';
import type { Sql } from 'postgres';
import { contentImplementation, type ContentApiDeps } from '../src/request/api/content/create-content-api.ts';
import { loadPublicApi } from '../src/request/api/public/load-public-api.ts';
import { toolsImplementation } from '../src/request/api/tools/create-tools-api.ts';
import { mcpImplementation } from '../src/request/api/mcp/mcp-implementation.ts';
import { ogImageImplementation } from '../src/request/seo/og-image-api.ts';
import { renderOgImageInPool } from '../src/request/seo/render-og-image.ts';
import { blogCard } from '../src/request/seo/blog-card.ts';
import { MCP_RATE_LIMIT, SIGNUP_RATE_LIMIT, TOOLS_RATE_LIMIT, type Config } from '../src/model/config.ts';
import { signupImplementation } from '../src/request/api/signup/create-signup-api.ts';
import { announceDueSignups, describeAnnouncement } from '../src/request/webhooks/announce-signups.ts';
import { createStoreArticleSource } from '../src/request/blog/store-article-source.ts';
import { createOrigin } from './create-origin.ts';
import type { AnswerCache } from './live-answers.ts';
import { BLOG_FUNCTION_PREFIX, PUBLIC_FUNCTION_PREFIX, unmount } from '../src/request/api/public/function-mount.ts';

export interface LocalOriginOptions {
  distDir: string;
  /** The config the entry point read: the content API's limits, timeout and caches, the blog's project and timeout,
   * the image cache. */
  config: Config;
  /** The content store: runs the content API and the blog. Without it both answer 503 / 502. */
  sql?: Sql;
  /** Content API options (limits, timeout, list cache) for tests and benchmarks. */
  content?: Omit<ContentApiDeps, 'sql' | 'config'>;
  /** The tools' per-IP limit; the platform's numbers by default. */
  toolsRateLimit?: { windowLimit: number; windowSize: number };
  /** The public MCP server's per-address limit; the platform's numbers by default. */
  mcpRateLimit?: { windowLimit: number; windowSize: number };
  /** Trial sign-ups per address; the platform's numbers by default. */
  signupRateLimit?: { windowLimit: number; windowSize: number };
  /** Keeps the blog's answers until a change purges them (npm start's, followed by follow-blog-changes.ts). */
  blogCache?: AnswerCache;
}

/**
 * The whole handler stack `npm start` serves: every API of the registry over one build and one store, through the
 * one pipeline. Tests, benchmarks, the browser suite and the site audit use this same stack.
 */
export function createLocalOrigin({
  distDir,
  config,
  sql,
  content,
  toolsRateLimit = TOOLS_RATE_LIMIT,
  mcpRateLimit = MCP_RATE_LIMIT,
  signupRateLimit = SIGNUP_RATE_LIMIT,
  blogCache,
}: LocalOriginOptions) {
  const blog = { projectId: config.SKRIBRA_BLOG_PROJECT_ID, timeoutMs: config.SKRIBRA_BLOG_TIMEOUT_MS };
  const { catalog, implementation } = loadPublicApi(distDir, sql ? (site) => createStoreArticleSource({ sql, site, ...blog }) : undefined);
  const ogCacheDir = resolve(config.SKRIBRA_OG_CACHE);
  const handler = createOrigin({
    distDir,
    // The blog's pages, feed, twins and its part of the sitemap and llms files, from the store on request.
    blog: {
      source: sql ? createStoreArticleSource({ sql, site: catalog.site_url, ...blog, alsoSites: [config.SKRIBRA_SITE_URL] }) : undefined,
      site: catalog.site_url,
      cache: blogCache,
      drawCard: (of, kind) => {
        const { card, width } = blogCard(of, kind);
        return renderOgImageInPool(ogCacheDir, card, new URL(catalog.site_url).host, width);
      },
    },
    apis: {
      public: implementation,
      tools: toolsImplementation({ catalog, rateLimit: toolsRateLimit }),
      // The MCP server reads the site's files through this same pipeline, which serves the site here.
      // get_page takes pages of the configured site (and of its configured deploy URLs), whatever the Host header says.
      mcp: mcpImplementation({
        site: catalog.site_url,
        aliases: [config.URL, config.DEPLOY_PRIME_URL, config.DEPLOY_URL],
        rateLimit: mcpRateLimit,
      }),
      // The Open Graph images the build left to first request: rendered in worker threads, kept in the image cache.
      images: ogImageImplementation({ distDir, render: (card, host, width) => renderOgImageInPool(ogCacheDir, card, host, width) }),
      ...(sql ? { content: contentImplementation({ sql, config, ...content }) } : {}),
      // Trial sign-ups: stored, and announced at once (the origin's announcer retries what fails: scripts/start.ts).
      ...(sql
        ? {
            signup: signupImplementation({
              sql,
              pricing: catalog.pricing,
              rateLimit: signupRateLimit,
              announce: (id) =>
                void announceDueSignups(sql, { config, ids: [id] })
                  .then((results) => results.forEach((r) => console.log(describeAnnouncement(r))))
                  .catch((err: unknown) => console.error(`signup announcer: ${(err as Error).message}`)),
            }),
          }
        : {}),
    },
  });
  // Netlify serves the public functions at their mounts too (a function's path is public): so does this origin.
  const mounted = (req: Request) => handler(unmount(unmount(req, PUBLIC_FUNCTION_PREFIX), BLOG_FUNCTION_PREFIX));
  return { catalog, handler: mounted };
}
