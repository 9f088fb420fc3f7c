// `npm run dev` (astro dev): Astro's dev server renders the HTML pages on request; everything else a request can ask
// for (the public API, the content API, the tools, `.md` twins and markdown negotiation, llms files, OpenAPI,
// sitemap, api-catalog) is answered by the same pipeline `npm start` runs, over outputs written by the same writers
// into a folder of its own. A saved content file re-reads the content, rewrites those outputs (about half a second
// for the real content), clears Astro's route cache and reloads the browser.
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { ViteDevServer } from 'vite';
import { API_ROOTS } from '../src/model/endpoints/registry.ts';
import { prefersMarkdown } from '../src/model/core/negotiate.ts';
import { provideBuildBlog } from '../src/request/blog/build-blog.ts';
import { loadBuildBlog } from '../src/build-time/load-build-blog.ts';
import { pageLocals } from '../src/request/blog/live-blog.ts';
import { createStoreArticleSource } from '../src/request/blog/store-article-source.ts';
import { provideDevBlog } from './dev-blog.ts';
import { createLocalOrigin } from '../origin/local-origin.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Config } from '../src/model/config.ts';
import { resetSiteContent, siteContent } from '../src/site/data/site-content.ts';
import { siteSettingsOf } from '../src/site/data/site-settings.ts';
import { writeOutputs } from '../src/build-time/write-outputs.ts';
import { brokenPages } from './broken-pages.ts';
import { claimDevPort } from '../origin/claim-dev-port.ts';
import { overlayWithoutEmptyStack } from './overlay-stack.ts';

/** Paths the pipeline answers in dev; the rest are Astro's pages. */
function isOurs(pathname: string, accept: string | undefined): boolean {
  if (Object.values(API_ROOTS).some((root) => pathname === root || pathname.startsWith(`${root}/`))) return true;
  if (pathname.startsWith('/.well-known/') || /\.(md|txt|json|ya?ml|xml)$/.test(pathname)) return !pathname.startsWith('/@');
  return prefersMarkdown(accept);
}

/**
 * The Astro integration that does it, for `astro dev` only: a build may start a Vite server of its own (it does under
 * NODE_ENV=test), which must not open the store or serve anything. `config` is the one astro.config.mjs read.
 */
export function skribraDev(config: Config): AstroIntegration {
  let dev = false;
  return {
    name: 'skribra-dev',
    hooks: {
      'astro:config:setup': async ({ command, config: astro, isRestart, updateConfig, logger, addMiddleware }) => {
        dev = command === 'dev';
        if (!dev) return;
        addMiddleware({ entrypoint: new URL('./blog-locals-middleware.ts', import.meta.url), order: 'pre' });
        // A restart (astro.config.mjs saved) keeps the port it holds.
        if (!isRestart) await claimDevPort(astro.server.port, astro.server.host);
        updateConfig({ vite: { plugins: [overlayWithoutEmptyStack((m) => logger.warn(m))] } });
      },
      'astro:server:setup': async ({ server, logger }) => {
        if (dev) await devServer(server, logger, config);
      },
    },
  };
}

async function devServer(server: ViteDevServer, logger: AstroIntegrationLogger, config: Config): Promise<void> {
  const { limits, contentDir: dir } = siteSettingsOf(config);
  const store = await openStore({ config });
  const blogSource = (site: string) =>
    createStoreArticleSource({
      sql: store.sql,
      site,
      projectId: config.SKRIBRA_BLOG_PROJECT_ID,
      timeoutMs: config.SKRIBRA_BLOG_TIMEOUT_MS,
      alsoSites: [config.SKRIBRA_SITE_URL],
    });
  let origin: ((req: Request) => Promise<Response>) | undefined;
  let out: string | undefined;
  let built: string | undefined;

  async function refresh(): Promise<void> {
    const started = performance.now();
    resetSiteContent();
    let content: ReturnType<typeof siteContent>;
    try {
      content = siteContent();
    } catch (err) {
      logger.error((err as Error).message); // every content problem, as check:content prints them; the last good outputs stay
      return;
    }
    // Files with problems are left out (the rest is served); their pages show the problems (content-error-middleware.ts).
    if (content.broken) logger.error(brokenPages(content.broken));
    if (content.catalog.build_id === built) return; // a save that changed nothing, or the watcher's first scan
    const blog = await loadBuildBlog(content.catalog.site_url, config);
    provideBuildBlog(Promise.resolve(blog));
    const source = blogSource(content.catalog.site_url);
    provideDevBlog((route) => pageLocals(source, route));
    // A fresh folder each time, so a deleted file's outputs are gone; the old one is dropped once replaced.
    const next = mkdtempSync(`${tmpdir()}/skribra-dev-`);
    await writeOutputs(next, content, limits, { blog: blog.summaries });
    origin = createLocalOrigin({ distDir: next, sql: store.sql, config }).handler;
    if (out) rmSync(out, { recursive: true, force: true });
    out = next;
    built = content.catalog.build_id;
    logger.info(`content: outputs written in ${Math.round(performance.now() - started)} ms`);
  }

  /** Astro's pages read the content through getStaticPaths, whose results Astro caches until content changes. */
  function reloadPages() {
    for (const environment of Object.values(server.environments)) environment.hot.send('astro:content-changed', {});
    server.environments.client?.hot.send({ type: 'full-reload', path: '*' });
  }

  let pending: Promise<void> = refresh();
  await pending;
  server.watcher.add(dir);
  let timer: ReturnType<typeof setTimeout> | undefined;
  server.watcher.on('all', (_event, file) => {
    if (!file.startsWith(dir)) return;
    clearTimeout(timer);
    // Editors save in bursts (temp file, rename): one refresh per burst.
    timer = setTimeout(() => {
      pending = pending.then(refresh).then(reloadPages, (err) => logger.error(String(err)));
    }, 40);
  });

  const listener = getRequestListener((req) => origin!(req), { overrideGlobalObjects: false });
  // First in the stack, once Astro has put its own there (its post hooks run after this one): Astro's trailing-
  // slash middleware would answer API paths, which have no trailing slash, with its 404.
  server.httpServer?.once('listening', () =>
    server.middlewares.stack.unshift({
      route: '',
      handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        if (!isOurs(url.pathname, req.headers.accept)) return next();
        void pending.then(() => listener(req, res));
      },
    }),
  );
  server.httpServer?.on('close', () => {
    if (out) rmSync(out, { recursive: true, force: true });
    void store.close();
  });
}
