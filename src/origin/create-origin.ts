import { createPipeline, type Runtime } from '../api/http/pipeline.ts';
import type { Api } from '../api/registry.ts';
import { fileResponse, staticFiles } from './static-files.ts';
import { serveSite } from './serve-site.ts';
import { staticHeaders } from './static-headers.ts';
import { liveAnswers, type LiveAnswersOptions } from './live-answers.ts';
import { liveRoute } from '../blog/live-blog.ts';
import { loadRenderBundle, type RenderPage } from '../integration/render-bundle.ts';

export type Handler = (req: Request) => Promise<Response>;

export interface OriginOptions {
  distDir: string;
  /** The APIs this origin runs; a request for another answers 503. */
  apis: Partial<Record<Api, Runtime>>;
  /** The blog's routes, answered on request (live-answers.ts); without it they are the build's files. */
  blog?: Omit<LiveAnswersOptions, 'files' | 'rulesOf' | 'render'>;
}

/**
 * The local origin as one web-standard handler: the one pipeline over every API, with the build's static API files
 * answering query-less GETs (as the CDN does on Netlify) and dist/ as the site.
 */
export function createOrigin({ distDir, apis, blog }: OriginOptions): Handler {
  const files = staticFiles(distDir);
  const headersOf = staticHeaders((path) => files.get(path));
  // The build's pages that render on request, imported at the first blog request.
  let render: Promise<RenderPage | undefined> | undefined;
  const live =
    blog &&
    liveAnswers({
      ...blog,
      files: (path) => files.get(path),
      rulesOf: headersOf,
      render: async (req, locals) => {
        const page = await (render ??= loadRenderBundle(distDir));
        if (!page) throw new Error(`the build in ${distDir} has no pages that render on request: build it again (npm run build)`);
        return page(req, locals);
      },
    });
  return createPipeline({
    apis,
    staticFile: (req, path, headers) => {
      const file = files.get(path);
      return file && fileResponse(req, file, { ...headersOf(new URL(req.url).pathname), ...headers });
    },
    site: (req, decision) => {
      const route = live && decision.path !== undefined ? liveRoute(decision.path) : undefined;
      return route ? live!(req, route, new URL(req.url).pathname) : serveSite(req, files, decision, headersOf);
    },
  });
}
