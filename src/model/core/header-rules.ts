// `_headers` as Netlify applies it to files served from its static store (never to edge or function answers): the
// local origin applies the build's `_headers` to its own static answers the same way, and the Netlify-runtime check
// (scripts/netlify-check.ts) models Netlify with it.
// Path patterns compile as @netlify/headers-parser's `getForRegExp` does ("our production logic uses regex too"):
// `:name` is one segment, a standalone `*` segment is optional and matches the rest, the match is case-insensitive
// and allows one trailing slash. A header named twice in one rule is one comma-separated value (the parser); across
// matching rules the later rule's value wins (@netlify/headers `headersForPath`; production may instead join them:
// see scripts/netlify/README.md). Names Netlify's docs list as not settable are dropped.

/** docs.netlify.com/routing/headers, "Limitations": custom values for these are ignored. */
const UNSETTABLE = new Set([
  'accept-ranges',
  'age',
  'allow',
  'alt-svc',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'location',
  'server',
  'set-cookie',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface HeaderRule {
  for: string;
  regexp: RegExp;
  values: Record<string, string>;
}

const escapeRegExp = (s: string) => s.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');

function partRegExp(part: string): string {
  if (part.startsWith(':')) return '([^/]+)';
  if (part === '*') return '?(.*)';
  if (part.includes('*')) return part.split('*').map(escape).join('(.*)');
  return escapeRegExp(part);
}

function forRegExp(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((p) => p.trimEnd())
    .filter(Boolean)
    .map(partRegExp)
    .join('/');
  return new RegExp(`^/${pattern}/?$`, 'iu');
}

/** Parses `_headers`: a path line, then indented `Name: value` lines; `#` starts a comment. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('/')) {
      rules.push({ for: line, regexp: forRegExp(line), values: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon <= 0) throw new Error(`_headers: cannot read line "${raw}"`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    rule.values[name] = rule.values[name] ? `${rule.values[name]}, ${value}` : value;
  }
  return rules;
}

/** The custom headers Netlify adds to a static file served for `path`. */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.regexp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) if (!UNSETTABLE.has(name)) out[name] = value;
  }
  return out;
}
