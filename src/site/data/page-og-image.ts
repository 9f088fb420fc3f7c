import { buildBlog } from '../../request/blog/build-blog.ts';
import { ogImageSet } from '../../request/seo/og-image-set.ts';
import { ogImagePath } from '../../request/seo/page-json-ld.ts';
import { siteContent } from './site-content.ts';

/**
 * What a page's og:image (and its JSON-LD primaryImageOfPage) names, as a root-relative path: its Open Graph image by
 * content, `/og-image/{key}.png` (src/request/seo/og-image-key.ts), which the build wrote or the image API renders on its
 * first request. A page without a card (none today) keeps the readable path.
 */
export async function pageOgImage(path: string): Promise<string> {
  return ogImageSet(siteContent().catalog, await buildBlog()).pageImage.get(path) ?? ogImagePath(path);
}
