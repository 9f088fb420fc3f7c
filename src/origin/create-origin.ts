import { createPipeline, type Runtime } from '../api/http/pipeline.ts';
import type { Api } from '../api/registry.ts';
import { fileResponse, staticFiles } from './static-files.ts';
import { serveSite } from './serve-site.ts';
import { staticHeaders } from './static-headers.ts';

export type Handler = (req: Request) => Promise<Response>;

export interface OriginOptions {
  distDir: string;
  /** The APIs this origin runs; a request for another answers 503. */
  apis: Partial<Record<Api, Runtime>>;
}

/**
 * The local origin as one web-standard handler: the one pipeline over every API, with the build's static API files
 * answering query-less GETs (as the CDN does on Netlify) and dist/ as the site.
 */
export function createOrigin({ distDir, apis }: OriginOptions): Handler {
  const files = staticFiles(distDir);
  const headersOf = staticHeaders((path) => files.get(path));
  return createPipeline({
    apis,
    staticFile: (req, path, headers) => {
      const file = files.get(path);
      return file && fileResponse(req, file, { ...headersOf(new URL(req.url).pathname), ...headers });
    },
    site: (req, decision) => serveSite(req, files, decision, headersOf),
  });
}
