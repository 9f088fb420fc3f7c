// The built site behind the local origin, as the tests request it: the real public API over the build's
// artifacts and the real site handler. No network: requests go straight to the handler.
import { builtSite } from '../helpers/built-site.ts';
import { createOrigin } from '../../src/origin/create-origin.ts';
import { loadPublicApi } from '../../src/origin/load-public-api.ts';
import { serveSite } from '../../src/origin/serve-site.ts';

export async function siteOrigin() {
  const { distDir, siteUrl } = await builtSite();
  const { handler, catalog } = loadPublicApi(distDir);
  const origin = createOrigin({ distDir, apis: { public: handler }, site: serveSite });
  const get = async (pathOrUrl: string, headers: Record<string, string> = {}, method = 'GET') => {
    const url = new URL(pathOrUrl, siteUrl);
    const res = await origin(new Request(url, { headers, method }));
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return { distDir, siteUrl, catalog, publicApi: handler, get };
}

export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
