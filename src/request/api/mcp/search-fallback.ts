// `search` is GET /api/v1/search: titles and descriptions, as the spec defines it. An agent whose words are inside
// pages ("webhook signature") gets `total: 0` there; rather than leave it at that, an empty answer carries a hint
// naming `search_text` and that tool's first hits, so one call finds the passage. A non-empty answer is the API's,
// byte for byte.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { resultOf } from './tool-result.ts';
import { searchText, type FullTextHit } from './full-text-search.ts';

/** Full-text hits an empty title search carries. */
const FALLBACK_HITS = 5;

/** The hint of an empty title search, with what the full text found. */
export const emptySearchHint = (q: string, found: number | undefined) =>
  `No page has every word of "${q.slice(0, 100)}" in its title or description, which is all search matches. ` +
  (found === undefined
    ? 'search_text searches the words inside every page; try it.'
    : found === 0
      ? 'search_text, which searches the words inside every page, found nothing either.'
      : `search_text searches the words inside every page and found ${found}: the first are in text_matches; read one with get_page.`);

/** The API's answer to `search`, with the hint and the full text's first hits when it matched nothing. */
export async function withTextFallback(
  res: Response,
  q: string,
  readSite: (path: string) => Promise<Response>,
  site: string,
): Promise<CallToolResult> {
  const text = await res.text();
  const total = res.ok ? (JSON.parse(text) as { data?: { total?: number } }).data?.total : undefined;
  if (total !== 0) return resultOf(new Response(text, { status: res.status, headers: res.headers }));
  let found: { total: number; items: FullTextHit[] } | undefined;
  try {
    found = await searchText(readSite, site, { q, limit: FALLBACK_HITS });
  } catch {
    found = undefined; // no index in this build: the hint still names the tool
  }
  return resultOf(new Response(text), { hint: emptySearchHint(q, found?.total), ...(found ? { text_matches: found } : {}) });
}
