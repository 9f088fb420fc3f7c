// The server-side tools of the public site: POST /tools-api/{slug}, run by the one pipeline.
// Reachable only from the site itself; no CORS headers are ever sent, so other origins cannot read an answer.
import { addressOf } from '../http/client-address.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { HandlersOf } from '../http/handlers-of.ts';
import { createPipeline, type ApiImplementation } from '../http/pipeline.ts';
import type { Catalog } from '../../../model/catalog/catalog.ts';
import { createContentBrief } from './content-brief.ts';
import { auditHtml } from './heading-link-audit.ts';
import { createRateLimiter, type RateLimiter } from '../http/sliding-window.ts';
import { readJsonBody } from './read-json-body.ts';
import { parseToolInput, toolInputs, type ServerToolSlug } from './tool-inputs.ts';

export interface ToolsApiDeps {
  catalog: Catalog;
  /** Origins that count as the site itself; default: the catalog's site URL. */
  siteOrigins?: string[];
  /** The in-process limit (local origin). Leave out where the platform limits (Netlify's `rateLimit`). */
  rateLimit?: { windowLimit: number; windowSize: number };
  /** The client's address; by default the one the platform adapter stamped (client-address.ts), never a client's claim. */
  clientIp?: (req: Request) => string;
}

/**
 * A browser marks every fetch with Sec-Fetch-Site and every POST with Origin; both, when present, must name the site,
 * and at least one must be present. Scripts outside a browser can forge them: the rate limit is the backstop.
 */
function checkOrigin(req: Request, origins: Set<string>) {
  const origin = req.headers.get('origin');
  const fetchSite = req.headers.get('sec-fetch-site');
  const ok =
    (origin !== null || fetchSite !== null) &&
    (origin === null || origins.has(origin)) &&
    (fetchSite === null || fetchSite === 'same-origin');
  if (!ok) throw new ApiError(403, 'forbidden_origin', 'The server tools answer only pages of this site; use them from the tool pages.');
}

export function toolsImplementation({
  catalog,
  siteOrigins,
  rateLimit,
  clientIp = (req) => addressOf(req) ?? 'unknown',
}: ToolsApiDeps): ApiImplementation {
  const origins = new Set((siteOrigins ?? [catalog.site_url]).map((o) => new URL(o).origin));
  const limiter: RateLimiter | undefined = rateLimit && createRateLimiter(rateLimit);
  // Indexed on the first brief, not at start: the index covers every page, and the origin and the tools function
  // should not pay for it before anyone asks (at 100,000 terms it takes seconds).
  let contentBrief: ReturnType<typeof createContentBrief> | undefined;
  const serverTools = new Set(catalog.tools.filter((t) => t.runs_on === 'server').map((t) => t.slug));
  const run: Record<ServerToolSlug, (input: never) => unknown> = {
    'content-brief-builder': ({ text }: { text: string }) => (contentBrief ??= createContentBrief(catalog))(text),
    'heading-link-audit': ({ html, page_url }: { html: string; page_url?: string }) => auditHtml(html, page_url),
  };

  const handlers: HandlersOf<'tools'> = {
    runServerTool: async ({ req, params: { slug } }) => {
      checkOrigin(req, origins);
      const wait = limiter?.hit(clientIp(req)) ?? 0;
      if (wait) throw new ApiError(429, 'rate_limited', `Too many tool requests; try again in ${wait} s.`, { 'retry-after': String(wait) });
      if (!(slug in toolInputs) || !serverTools.has(slug)) throw notFound(`server tool "${slug}"`);
      const input = parseToolInput(slug as ServerToolSlug, await readJsonBody(req));
      return { data: run[slug as ServerToolSlug](input as never) };
    },
  };
  return { handlers };
}

export function createToolsApi(deps: ToolsApiDeps): (req: Request) => Promise<Response> {
  return createPipeline({ apis: { tools: toolsImplementation(deps) } });
}
