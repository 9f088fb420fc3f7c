// The site's own address in content bodies. A page names it with a placeholder, never literally: `{{site_url}}`
// (`https://skribra.com`, no trailing slash) and `{{site_host}}` (`skribra.com`, with the port when it has one) are
// filled with the configured SITE_URL when the content loads, so the HTML, the markdown twins, llms-full.txt, the
// API and the MCP tools of a preview or a local build name that build's address, as llms.txt does. A literal
// `https://skribra.com` in a body is a content problem (it would name production on every other deploy); the host
// name alone, as a brand ("everything on skribra.com", `hello@skribra.com`), is not an address and stays.

/** The production address, as content must not write it: the scheme (and `www.`) make it an address. */
const HARD_CODED = /https?:\/\/(?:www\.)?skribra\.com(?![\w-]|\.\w)/g;
/** A placeholder of this family, known or not (`{{site_url}}`, `{{site_adress}}`). */
const PLACEHOLDER = /\{\{\s*(site_[a-z_]*)\s*\}\}/g;

export const SITE_ADDRESS_PLACEHOLDERS = ['site_url', 'site_host'] as const;

/** `body` with every `{{site_url}}` and `{{site_host}}` replaced from `site` (an absolute origin, as normaliseSite gives). */
export function fillSiteAddress(body: string, site: string): string {
  if (!body.includes('{{')) return body;
  const url = new URL(site);
  const values: Record<string, string> = { site_url: site.replace(/\/+$/, ''), site_host: url.host };
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** What is wrong in `body` about the site's address, each at its offset: a hard-coded address, an unknown placeholder. */
export function siteAddressProblems(body: string): { offset: number; message: string }[] {
  const found: { offset: number; message: string }[] = [];
  for (const m of body.matchAll(HARD_CODED))
    found.push({ offset: m.index, message: `hard-coded site address ${m[0]} (write {{site_url}}: the configured SITE_URL fills it)` });
  for (const m of body.matchAll(PLACEHOLDER))
    if (!(SITE_ADDRESS_PLACEHOLDERS as readonly string[]).includes(m[1]!))
      found.push({ offset: m.index, message: `unknown placeholder ${m[0]} (expected {{site_url}} or {{site_host}})` });
  return found.sort((a, b) => a.offset - b.offset);
}
