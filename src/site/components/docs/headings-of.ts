/** The h2 and h3 headings of rendered HTML that carry an id (rehype-slug gives every markdown heading one). */
export function headingsOf(html: string): { depth: number; id: string; text: string }[] {
  return [...html.matchAll(/<h([23])[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => ({
    depth: Number(m[1]),
    id: m[2]!,
    text: m[3]!
      .replace(/<[^>]+>/g, '')
      .replaceAll('&#x26;', '&')
      .replaceAll('&amp;', '&')
      .replaceAll('&#x3C;', '<')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .trim(),
  }));
}
