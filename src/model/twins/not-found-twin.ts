import { paths } from '../core/urls.ts';
import { blocks, head, link } from './blocks.ts';

/**
 * The markdown 404 body: where to look next, as absolute links to pages that exist in every build. `toolsIndex` is
 * the tools collection's route, from its declaration.
 */
export function notFoundTwin(site: string, toolsIndex: string): string {
  const places: [string, string, string][] = [
    ['Home', paths.home, 'what Skribra is and does'],
    ['SEO glossary', paths.glossary, 'every term, grouped by category'],
    ['Free SEO tools', toolsIndex, 'tools that run in your browser or on our servers'],
    ['Developer docs', '/docs/', 'the public API, the content API and the publish webhook'],
    ['llms.txt', '/llms.txt', 'the index of every page, for language models'],
    ['Search', paths.search, 'search page titles and descriptions'],
  ];
  return blocks(
    head('Page not found', 'There is nothing at this address. These are good places to look next:'),
    places.map(([title, path, note]) => `- ${link(title, `${site}${path}`)}: ${note}`).join('\n'),
    `To search from code: ${link('the search API', `${site}/api/v1/search?q=seo`)} (\`GET /api/v1/search?q=...\`).`,
  );
}
