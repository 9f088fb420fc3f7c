// What of a page the full-text index reads, as a smaller page Pagefind indexes the same way: its <html> tag (the
// language) and its <main data-pagefind-body> element. Pagefind still parses a whole page to find that element; a
// term page is 11 KB of which its <main> is 2 KB, and a build hands Pagefind 100,000 of them.
const BODY = '<main id="main" data-pagefind-body>';
const END = '</main>';

/**
 * The page cut to its <html> tag and indexed <main>, or the page itself when anything outside that element could
 * change its entry: an image (Pagefind's default image is the first after the h1), a data-pagefind- attribute, or a
 * title that is not the <main>'s h1.
 */
export function indexedHtml(html: string): string {
  const start = html.indexOf(BODY);
  const end = html.lastIndexOf(END);
  const open = html.indexOf('<html');
  if (open < 0 || start < open || end < start) return html;
  const main = html.slice(start, end + END.length);
  const reachesIndex = (part: string) => /<img|data-pagefind-/i.test(part);
  if (!main.includes('<h1') || reachesIndex(html.slice(0, start)) || reachesIndex(html.slice(end + END.length))) return html;
  return `${html.slice(open, html.indexOf('>', open) + 1)}<body>${main}</body></html>`;
}
