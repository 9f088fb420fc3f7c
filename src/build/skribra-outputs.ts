import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { createPublicApi } from '../api/public/create-public-api.ts';
import { ARTIFACT_DIR } from '../api/public/load-artifacts.ts';
import { siteContent } from './site-content.ts';
import { writeStaticApi } from './write-static-api.ts';
import { writeArtifacts } from './write-artifacts.ts';
import { headersFile, redirectsFile } from './netlify-files.ts';
import { writeMachineReadable } from './write-machine-readable.ts';
import { buildBlog, provideBuildBlog } from '../blog/build-blog.ts';
import { loadBuildBlog } from '../blog/load-build-blog.ts';
import { blogTwins } from '../blog/blog-twins.ts';

/**
 * Everything that is not an HTML page is written here, straight from the catalog, after Astro has rendered the
 * pages (DESIGN rule 8): the static API, the function's artifacts and the Netlify routing files.
 */
export function skribraOutputs(): AstroIntegration {
  return {
    name: 'skribra-outputs',
    hooks: {
      'astro:config:setup': async ({ command }) => {
        // Fail fast on bad content, before any page renders: a build prints every problem as npm run
        // check:content does (file:line:column: field: reason), without a stack trace, and exits 1.
        const { loadOrExit } = await import('../catalog/content-error.ts');
        if (command === 'build') loadOrExit(siteContent);
        else siteContent();
      },
      'astro:build:start': () => {
        // The blog pages and build:done share this one read of the content store; it fails the build when the
        // store is unreachable (unless SKRIBRA_BLOG_OPTIONAL=1).
        provideBuildBlog(loadBuildBlog(siteContent().catalog.site_url));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const content = siteContent();
        const { catalog } = content;
        const files = await writeStaticApi(out, catalog, createPublicApi({ catalog }));
        writeArtifacts(out, catalog);
        mkdirSync(join(out, ARTIFACT_DIR), { recursive: true });
        writeFileSync(join(out, ARTIFACT_DIR, 'static-api-paths.json'), JSON.stringify(files));
        writeFileSync(join(out, '_redirects'), redirectsFile());
        writeFileSync(join(out, '_headers'), headersFile());
        // The blog comes from the content store (read once per build, shared with the blog pages).
        const blog = await buildBlog();
        if (blog.note) logger.warn(`blog: ${blog.note}`);
        const machine = await writeMachineReadable(out, content, blog.summaries, blogTwins(catalog.site_url, blog.articles));
        logger.info(`wrote ${files.length} static API files, ${machine} twins and machine-readable files, artifacts and Netlify files in ${Math.round(performance.now() - started)} ms (build ${catalog.build_id})`);
      },
    },
  };
}
