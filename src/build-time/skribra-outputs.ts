import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { catalogIndex, isolateContentErrors, siteContent } from '../site/data/site-content.ts';
import { writeNetlifyFiles } from './write-outputs.ts';
import {
  writeCatalogOutputsBeside,
  writeCatalogOutputsHere,
  type CatalogOutputsJob,
  type CatalogOutputsWritten,
} from './catalog-outputs-beside.ts';
import { isPublishedLink, newBuildDir, publishBuild } from './dist-builds.ts';
import { recordRenderBundle, renderDirFor } from './render-bundle.ts';
import { writePrecompressed } from './write-precompressed.ts';
import { phaseLines, phaseRecorder, type PhaseRecorder } from './build-phases.ts';
import { collectGarbage } from '../model/core/collect-garbage.ts';
import type { Config } from '../model/config.ts';
import { provideSiteSettings, siteSettingsOf } from '../site/data/site-settings.ts';
import { buildBlog, NO_BLOG, provideBuildBlog } from '../request/blog/build-blog.ts';
import { blogSearchPages } from './blog-search-pages.ts';
import { loadBuildBlog } from './load-build-blog.ts';
import { renderedAtBuild, writeOgImages } from '../request/seo/write-og-images.ts';
import { dropPrerendered, prerenderMarkdown } from '../model/markdown/prerender-markdown.ts';
import { submitBuildChanges } from './indexnow/submit-build-changes.ts';
import { paths } from '../model/core/urls.ts';
import { codeKey } from './code-key.ts';
import { cachedContentLoader } from './content-cache.ts';
import { placeCachedTermPages, planTermPages, storeTermPages, type TermPagePlan } from './term-page-cache.ts';
import { termPageProps } from '../site/data/term-pages.ts';
import { beginSearchIndex, type SearchIndex } from './write-search-index.ts';
import { receiveRenderedPages } from './rendered-page-middleware.ts';

/**
 * Term pages to render from which the catalog's outputs are written beside the page render: a worker's copy of the
 * content costs ~100 MB at 10,000 terms, which a build that renders few pages (a rebuild after an edit) would pay for
 * no time saved (docs/performance.md).
 */
const BESIDE_FROM = 1000;

/**
 * The build's own steps around Astro's pages: content checked before anything renders, the blog read once from the
 * store, and every output that is not an HTML page: the catalog's own written beside the page render, the others
 * after it (write-outputs.ts). Each phase's time and peak memory is printed at the end (build-phases.ts; `npm run
 * bench:scale` reads the lines). `config` is the one astro.config.mjs read: this integration hands the pages what
 * they need of it (site-settings.ts) and passes the rest down.
 */
export function skribraOutputs(config: Config): AstroIntegration {
  const settings = siteSettingsOf(config);
  let phases: PhaseRecorder | undefined;
  /** The build's code key (code-key.ts): with the content, what the build cache's entries are keyed by. */
  let code = '';
  let termPages: TermPagePlan | undefined;
  let placing: Promise<void> | undefined;
  let outDir = '';
  /** The link this build publishes to when its configured output folder is served (dist-builds.ts). */
  let publishTo: string | undefined;
  /** Where the server bundle of the pages that render on request goes (render-bundle.ts). */
  let renderDir = '';
  /** The full-text index, begun when the pages begin to render (write-search-index.ts), and its writing. */
  let searchIndex: SearchIndex | undefined;
  let indexing: Promise<{ pages: number; reused: boolean }> | undefined;
  /** The catalog's outputs, when written beside the page render (catalog-outputs-beside.ts). */
  let catalogOutputs: Promise<CatalogOutputsWritten> | undefined;
  /** What the catalog's outputs are written from: the content, the blog read from the store, the output store. */
  const catalogJob = async (out: string): Promise<CatalogOutputsJob> => ({
    out,
    content: siteContent(),
    limits: settings.limits,
    blog: (await buildBlog()).summaries,
    storeDir: join(settings.buildCacheDir, 'files'),
  });
  const writeBeside = async (out: string): Promise<CatalogOutputsWritten> => {
    let step: (() => void) | undefined;
    return writeCatalogOutputsBeside(await catalogJob(out), (name) => {
      step?.();
      step = phases?.beside(name);
    }).finally(() => step?.());
  };
  return {
    name: 'skribra-outputs',
    hooks: {
      'astro:config:setup': async ({ command, config: astro, updateConfig, addMiddleware }) => {
        provideSiteSettings(settings);
        // A served dist/ is a link to a build that must not change under its server: this build goes beside it.
        const configured = fileURLToPath(astro.outDir).replace(/\/$/, '');
        if (command === 'build' && isPublishedLink(configured)) publishTo = configured;
        if (command === 'build') {
          // The static files go to the output folder itself; the pages that render on request to a bundle inside
          // the project (render-bundle.ts).
          const out = publishTo ? newBuildDir(configured) : configured;
          renderDir = renderDirFor(out);
          updateConfig({
            outDir: pathToFileURL(`${out}/`),
            build: { client: pathToFileURL(`${out}/`), server: pathToFileURL(`${renderDir}/`) },
          });
        }
        if (command === 'build' && config.SKRIBRA_SEARCH_INDEX) {
          addMiddleware({ entrypoint: new URL('./rendered-page-middleware.ts', import.meta.url), order: 'post' });
        }
        if (command === 'build') {
          phases = phaseRecorder();
          phases.next('content load');
          code = codeKey(fileURLToPath(astro.root));
          // Marks the end of Vite's bundling: Vite runs this plugin's post buildApp hook after it built every
          // environment and before Astro's own (which renders the pages), as Astro's plugin comes after the config's.
          updateConfig({
            vite: {
              plugins: [
                {
                  name: 'skribra-build-phases',
                  buildApp: {
                    order: 'post',
                    handler: async () => {
                      collectGarbage();
                      phases?.next('page render');
                      // Astro has emptied the output folder: the cached term pages go in while it renders the rest.
                      if (termPages) placing = placeCachedTermPages(outDir, termPages);
                      placing?.catch(() => {}); // reported where it is awaited (build:done)
                      // With many pages to render, the catalog's outputs are written on the other core meanwhile.
                      if ((termPages?.render.length ?? Infinity) >= BESIDE_FROM) {
                        catalogOutputs = writeBeside(outDir);
                        catalogOutputs.catch(() => {}); // likewise
                      }
                    },
                  },
                },
              ],
            },
          });
        }
        // Fail fast on bad content, before any page renders: a build prints every problem as npm run
        // check:content does (file:line:column: field: reason), without a stack trace, and exits 1.
        const { loadOrExit } = await import('../model/catalog/content-error.ts');
        if (command === 'build') loadOrExit(() => siteContent(cachedContentLoader(join(settings.buildCacheDir, 'content'), code)));
        else if (command === 'dev') {
          // In dev a bad file breaks only its own page, which shows the problems in Astro's overlay; the dev server
          // prints them (dev/dev-server.ts). A problem every page depends on (a YAML file) is shown by each.
          isolateContentErrors();
          addMiddleware({ entrypoint: new URL('../site/content-error-middleware.ts', import.meta.url), order: 'pre' });
          const { ContentError } = await import('../model/catalog/content-error.ts');
          try {
            siteContent();
          } catch (err) {
            if (!(err instanceof ContentError)) throw err;
          }
        } else siteContent();
        // A full collection before each heavy phase of a build (Vite, the pages, the outputs): the garbage of the one
        // before is reused instead of growing the heap, the build's peak memory (collect-garbage.ts).
        if (command === 'build') collectGarbage();
        phases?.next('Vite');
      },
      'astro:config:done': ({ config: astro }) => {
        outDir = fileURLToPath(astro.outDir);
      },
      'astro:build:start': () => {
        // The blog pages and build:done share this one read of the content store; it fails the build when the
        // store is unreachable (unless SKRIBRA_BLOG_OPTIONAL=1).
        provideBuildBlog(loadBuildBlog(siteContent().catalog.site_url, config));
        // The term pages the cache holds are not rendered again (term-page-cache.ts).
        termPages = planTermPages(
          termPageProps(siteContent().catalog, catalogIndex()),
          code,
          settings,
          join(settings.buildCacheDir, 'pages'),
        );
        // Started, not awaited: the sections of the pages to render go through workers while Vite bundles; the term
        // pages wait for them.
        const done = phases?.beside('markdown');
        void prerenderMarkdown(termPages.render.flatMap(({ term }) => (term.sections ?? []).map((s) => s.content))).finally(() => done?.());
        // The term pages go to the full-text index as they render: Pagefind (a process of its own) indexes them on
        // the other core while this thread renders.
        if (config.SKRIBRA_SEARCH_INDEX) {
          const index = beginSearchIndex(buildBlog().then((blog) => siteContent().catalog.pages.length + blog.articles.length));
          const rendered = new Set(termPages.render.map(({ term }) => paths.term(term.slug)));
          receiveRenderedPages({ wants: (path) => rendered.has(path), add: (path, html) => index.add(path, html) });
          searchIndex = index;
        }
      },
      'astro:build:generated': () => {
        receiveRenderedPages(undefined);
        phases?.next('copy');
        // Every page is written (the cached term pages once placed): the index takes those it has not had yet and is
        // written on the other core while this thread writes the static API, twins, machine files and images.
        if (searchIndex && termPages) {
          const index = searchIndex;
          /** The term pages by their key in the term page cache: the index knows them by it. */
          const known = new Map(termPages.pages.map((p) => [join(p.dir, 'index.html'), p.name]));
          indexing = Promise.resolve(placing).then(() =>
            index.finish(outDir, {
              extra: async () => blogSearchPages(renderDir, siteContent().catalog.site_url, await buildBlog()),
              cacheDir: join(settings.buildCacheDir, 'search'),
              known,
            }),
          );
          // Awaited in build:done; a failure meanwhile is its to report there, not an unhandled rejection.
          indexing.catch(() => {});
          searchIndex = undefined;
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        collectGarbage();
        const started = performance.now();
        dropPrerendered();
        const content = siteContent();
        // The blog comes from the content store (read once per build, shared with the blog pages).
        const blog = await buildBlog();
        if (blog.note) logger.warn(`blog: ${blog.note}`);
        const out = fileURLToPath(dir);
        let cachedPages: ReadonlySet<string> | undefined;
        if (termPages) {
          await (out === outDir && placing ? placing : placeCachedTermPages(out, termPages));
          const t = await storeTermPages(out, termPages);
          cachedPages = t.files;
          logger.info(
            `${t.rendered + t.cached} glossary term pages: ${t.rendered} rendered, ${t.cached} from the cache, ${t.pruned} pruned from it`,
          );
          termPages = undefined;
          placing = undefined;
        }
        // The catalog's outputs: begun as the pages began to render, or written now.
        if (catalogOutputs && out !== outDir) throw new Error(`the catalog's outputs went to ${outDir}, not ${out}`);
        if (catalogOutputs) phases?.next('the catalog outputs, finishing');
        const { api, machine, linked } = await (catalogOutputs ??
          writeCatalogOutputsHere(await catalogJob(out), (name) => phases?.next(name)));
        catalogOutputs = undefined;
        phases?.next('Netlify files');
        writeNetlifyFiles(out, cachedPages);
        phases?.next('images');
        // The blog's cards are drawn on request (src/request/blog/live-blog.ts), as its pages are.
        const og = await writeOgImages(out, content.catalog, NO_BLOG, {
          cacheDir: settings.ogCacheDir,
          select: renderedAtBuild(content.catalog),
        });
        logger.info(
          `${og.images} Open Graph images and covers written: ${og.rendered} rendered, ${og.copied} from the cache, ${og.pruned} pruned from it; ${og.onRequest} left to the image API (rendered on first request)`,
        );
        if (indexing) {
          phases?.next('search index');
          const { pages, reused } = await indexing;
          indexing = undefined;
          logger.info(
            `search index: ${pages} pages (Pagefind, /pagefind/; ${reused ? 'the kept index of these very pages, linked' : 'written'})`,
          );
        }
        if (config.SKRIBRA_PRECOMPRESS) {
          phases?.next('precompress');
          logger.info(`precompressed ${(await writePrecompressed(out)).files} files (br, gzip)`);
        }
        logger.info(
          `wrote ${api} static API files, ${machine} twins and machine-readable files, artifacts and Netlify files in ${Math.round(performance.now() - started)} ms (build ${content.catalog.build_id}; ${linked} of them unchanged, linked from the build cache)`,
        );
        // Last, once every output is written: the key file, and the pages that changed since the last submitted build.
        phases?.next('IndexNow');
        const indexNow = await submitBuildChanges(out, config, blog.note ? { unread: (path) => path.startsWith(paths.blog) } : {});
        if (indexNow) logger[indexNow.level](indexNow.message);
        if (phases) for (const line of phaseLines(phases.finish())) logger.info(line);
        phases = undefined;
        recordRenderBundle(out, renderDir, settings);
        if (publishTo) {
          publishBuild(publishTo, out);
          logger.info(`published: ${publishTo} now points at ${out}`);
        }
      },
    },
  };
}
