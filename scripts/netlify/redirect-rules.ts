// `_redirects` as Netlify reads it (docs.netlify.com/routing/redirects): `from [key=value ...] to [status[!]]`, the
// first matching rule wins, status 301 by default, `!` forces the rule over a file that exists at `from` (shadowing).
// Matching follows Netlify's redirect engine (libredirect, published as the `netlify-redirector` WASM; checked against
// it for the report): the decoded path, case-sensitively; one optional trailing slash; `:name` is one segment; a final
// `*` also matches the bare prefix (an empty splat) and keeps a trailing slash in the splat; query conditions need
// each listed key once (a `:placeholder` binds its value, a literal must equal it) and allow other keys. The query
// string passes through to a target that has none. Proxies to other hosts and Country/Language/Role/Cookie
// conditions are not modelled: such a rule makes the parse throw, so the check never silently misreads one.

interface RedirectRule {
  line: number;
  from: string;
  regexp: RegExp;
  names: string[];
  query: [string, string][];
  to: string;
  status: number;
  force: boolean;
}
/** `target` is a URL path and query: the rule's `to` with its placeholders filled (re-encoded) and the query passed on. */
interface RedirectMatch {
  rule: RedirectRule;
  target: string;
  status: number;
  force: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&');

function compileFrom(from: string): { regexp: RegExp; names: string[] } {
  const names: string[] = [];
  let body = from.replace(/\/+$/, '');
  let splat = '';
  if (body.endsWith('/*')) {
    body = body.slice(0, -2);
    splat = '(?:/(.*))?';
  }
  const source = body
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return escapeRegExp(part);
    })
    .join('/');
  if (splat) names.push('splat');
  return { regexp: new RegExp(`^${source}${splat}${splat ? '' : '/?'}$`), names };
}

export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split('\n').forEach((raw, i) => {
    const tokens = raw.replace(/#.*$/, '').trim().split(/\s+/).filter(Boolean);
    if (!tokens.length) return;
    const [from, ...rest] = tokens as [string, ...string[]];
    const query: [string, string][] = [];
    while (rest.length && !rest[0]!.startsWith('/') && !/^https?:/.test(rest[0]!) && rest[0]!.includes('=')) {
      const [k, v = ''] = rest.shift()!.split('=');
      query.push([k!, v]);
    }
    const to = rest.shift();
    const statusToken = rest.shift() ?? '301';
    const status = Number(statusToken.replace(/!$/, ''));
    if (!to || !from.startsWith('/') || !Number.isInteger(status)) throw new Error(`_redirects line ${i + 1}: cannot read "${raw}"`);
    if (/^https?:/.test(to) || rest.length) throw new Error(`_redirects line ${i + 1}: proxies and conditions are not modelled: "${raw}"`);
    rules.push({ line: i + 1, from, ...compileFrom(from), query, to, status, force: statusToken.endsWith('!') });
  });
  return rules;
}

/** The engine matches decoded paths; one that does not decode (`%zz`) is matched as it is. */
function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The first rule matching the URL, with its target (placeholders filled, the query passed through). */
export function matchRedirect(rules: RedirectRule[], url: URL): RedirectMatch | undefined {
  const path = decoded(url.pathname);
  for (const rule of rules) {
    const m = rule.regexp.exec(path);
    if (!m) continue;
    const values: Record<string, string> = {};
    rule.names.forEach((name, i) => {
      values[name] = m[i + 1] ?? '';
    });
    const queryOk = rule.query.every(([key, want]) => {
      const got = url.searchParams.getAll(key);
      if (got.length !== 1) return false;
      if (want.startsWith(':')) {
        values[want.slice(1)] = got[0]!;
        return true;
      }
      return got[0] === want;
    });
    if (!queryOk) continue;
    const [toPath, toQuery] = rule.to.split('?') as [string, string | undefined];
    const filled = toPath.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => (name in values ? encodeURI(values[name]!) : whole));
    const target = toQuery !== undefined ? `${filled}?${toQuery}` : `${filled}${url.search}`;
    return { rule, target, status: rule.status, force: rule.force };
  }
  return undefined;
}
