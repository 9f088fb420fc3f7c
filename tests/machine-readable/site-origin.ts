// The built site behind the local origin, as the tests request it: the real public API over the build's
// artifacts and the real site handler. No network: requests go straight to the handler.
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { loadPublicApi } from '../../src/request/api/public/load-public-api.ts';

export async function siteOrigin() {
  const { distDir, siteUrl } = await builtSite();
  const { handler: origin, catalog } = createLocalOrigin({ distDir, config: readConfig() });
  const get = async (pathOrUrl: string, headers: Record<string, string> = {}, method = 'GET') => {
    const url = new URL(pathOrUrl, siteUrl);
    const res = await origin(new Request(url, { headers, method }));
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return { distDir, siteUrl, catalog, publicApi: loadPublicApi(distDir).handler, get };
}

export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
