// Netlify Functions 2.0 entry of the blog's on-request answers (src/request/blog/live-blog.ts: its pages, their twins by `.md`
// and by Accept, the feed, the cards, and its part of the sitemap and llms files), with the local origin's code: the
// pipeline's site rule, liveAnswers over the build's files read from disk, and the site's own answer (serveSite) for
// any other path of its namespace. No cache here: the CDN keeps each answer by its tags until the purge worker
// (functions/blog-purge.mts) purges them. A path wins over static files, and the build writes none of these.
import type { Config } from '@netlify/functions';
import { resolve } from 'node:path';
import { databaseUrl, readConfig } from '../src/model/config.ts';
import { createPipeline } from '../src/request/api/http/pipeline.ts';
import { liveRoute, type RenderPage } from '../src/request/blog/live-blog.ts';
import { createStoreArticleSource } from '../src/request/blog/store-article-source.ts';
import { provideRenderSettings } from '../src/build-time/render-bundle.ts';
import { liveAnswers } from '../origin/live-answers.ts';
import { serveSite } from '../origin/serve-site.ts';
import { staticFiles } from '../origin/static-files.ts';
import { staticHeaders } from '../origin/static-headers.ts';
import { blogCard } from '../src/request/seo/blog-card.ts';
import { connect } from '../src/store/open-store.ts';
// @ts-expect-error -- written by the build (src/build-time/render-bundle.ts: CURRENT_BUNDLE) before Netlify bundles functions.
import { render as built } from '../node_modules/.cache/skribra-render/current.mjs';

const env = readConfig();
// The build's files: SKRIBRA_DIST_DIR (tests, the Netlify model), else ./dist, where included_files puts them.
const distDir = env.SKRIBRA_DIST_DIR ?? resolve('dist');
// The pages read the build's settings, their content folder under the working directory (included_files again).
const bundle = provideRenderSettings(distDir, process.cwd());
if (!bundle) throw new Error(`no on-request pages recorded in ${distDir}: was the site built, and is it in included_files?`);
const render: RenderPage = built;
const site = bundle.settings.siteUrl.replace(/\/+$/, '');
const files = staticFiles(distDir);
const headersOf = staticHeaders((path) => files.get(path));
// postgres.js connects on the first query; without a database URL the blog is empty.
const url = databaseUrl(env);
const live = liveAnswers({
  source: url
    ? createStoreArticleSource({
        sql: connect(url, env.SKRIBRA_DB_POOL ?? 2, env),
        site,
        projectId: env.SKRIBRA_BLOG_PROJECT_ID,
        timeoutMs: env.SKRIBRA_BLOG_TIMEOUT_MS,
        alsoSites: [env.SKRIBRA_SITE_URL],
      })
    : undefined,
  site,
  render,
  files: (path) => files.get(path),
  rulesOf: headersOf,
  // The cards with the build's renderer, loaded on the first card (resvg and the fonts: netlify.toml ships them).
  drawCard: async (of, kind) => {
    const { renderOgPng } = await import('../src/request/seo/render-og-png.ts');
    const { card, width } = blogCard(of, kind);
    return renderOgPng(card, new URL(site).host, width);
  },
});

const handler = createPipeline({
  apis: {},
  site: (req, decision) => {
    const route = decision.path === undefined ? undefined : liveRoute(decision.path);
    return route ? live(req, route, new URL(req.url).pathname) : serveSite(req, files, decision, headersOf);
  },
});

export default (req: Request): Promise<Response> => handler(req);

// Literal: Netlify reads this config statically. Every path liveRoute answers, and the rest of the blog's namespace
// (answered as the site answers it); netlify/edge-functions/markdown.ts leaves the page paths to this function.
// tests/public/blog-pages-function.test.ts holds both to liveRoute.
export const config: Config = {
  path: ['/blog', '/blog/*', '/blog.md', '/llms.txt', '/sitemap.xml', '/sitemaps/blog-*', '/og/blog/*', '/covers/blog/*'],
};
