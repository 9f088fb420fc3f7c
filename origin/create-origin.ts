import { createPipeline, type ApiImplementation } from '../src/request/api/http/pipeline.ts';
import type { Api } from '../src/model/endpoints/registry.ts';
import { fileResponse, staticFiles } from './static-files.ts';
import { serveSite } from './serve-site.ts';
import { staticHeaders } from './static-headers.ts';
import { liveAnswers, type LiveAnswersOptions } from './live-answers.ts';
import { liveRoute } from '../src/request/blog/live-blog.ts';
import { loadRenderBundle } from '../src/build-time/render-bundle.ts';
import type { RenderPage } from '../src/request/blog/live-blog.ts';

export type Handler = (req: Request) => Promise<Response>;

/** Astro's image endpoint, in the form the site's paths take (trailingSlash: 'always'). */
const IMAGE_ENDPOINT = '/_image/';

export interface OriginOptions {
  distDir: string;
  /** The APIs this origin runs; a request for another answers 503. */
  apis: Partial<Record<Api, ApiImplementation>>;
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
      render: (req, locals) => renderOnRequest(req, locals),
    });
  async function renderOnRequest(req: Request, locals: App.Locals): Promise<Response> {
    const page = await (render ??= loadRenderBundle(distDir));
    if (!page) throw new Error(`the build in ${distDir} has no pages that render on request: build it again (npm run build)`);
    return page(req, locals);
  }
  const renderImage = async (req: Request) => {
    const res = await renderOnRequest(req, {});
    const headers = new Headers(headersOf(IMAGE_ENDPOINT));
    for (const [k, v] of res.headers) headers.set(k, v);
    // sharp names AVIF's container (heif); the page's <source type="image/avif"> and browsers want image/avif.
    if (headers.get('content-type') === 'image/heif' && new URL(req.url).searchParams.get('f') === 'avif')
      headers.set('content-type', 'image/avif');
    return new Response(res.body, { status: res.status, headers });
  };
  return createPipeline({
    apis,
    staticFile: (req, path, headers) => {
      const file = files.get(path);
      return file && fileResponse(req, file, { ...headersOf(new URL(req.url).pathname), ...headers });
    },
    site: (req, decision) => {
      const route = live && decision.path !== undefined ? liveRoute(decision.path) : undefined;
      if (route) return live!(req, route, new URL(req.url).pathname);
      // The responsive variants of the site's own images that an on-request page names (Astro's image endpoint).
      if (blog && decision.path === IMAGE_ENDPOINT) return renderImage(req);
      return serveSite(req, files, decision, headersOf);
    },
  });
}
