// The <img> tags of an article's body (trusted, pre-sanitised HTML): read their src, alt and size, and give each the
// attributes a fast page needs. Only the tags themselves change, attribute by attribute, so the rest of the
// publisher's HTML stays byte for byte. Pure.

/** One <img> of the body, in document order. */
export interface ImgTag {
  src: string;
  /** Absent when the tag has no alt; '' when the publisher marked it decorative (alt=""). */
  alt?: string;
  /** Given on the tag (digits only); else absent. */
  width?: number;
  height?: number;
}

/** A whole start tag <img ...>, quoted values may hold `>`. */
const IMG = /<img\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** The text an attribute value stands for (named entities of the sanitiser's output, and numeric ones). */
export function decodeAttr(v: string): string {
  return v.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

function attributes(inside: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of inside.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!out.has(name)) out.set(name, decodeAttr(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return out;
}

const side = (v: string | undefined) => (v !== undefined && /^\s*\d{1,5}\s*$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** Every <img> of the body, in document order. */
export function findImages(html: string): ImgTag[] {
  return [...html.matchAll(IMG)].map((m) => {
    const a = attributes(m[1]!);
    const tag: ImgTag = { src: (a.get('src') ?? '').trim() };
    if (a.has('alt')) tag.alt = a.get('alt')!;
    const width = side(a.get('width'));
    const height = side(a.get('height'));
    if (width && height) Object.assign(tag, { width, height });
    return tag;
  });
}

/**
 * The body with each <img> given, where it lacks them: `width` and `height` (from `sizes`, by position; only when it
 * has neither), and `loading="lazy"` with `decoding="async"` for every image after the first (the first is likely the
 * largest paint in view: it loads eagerly). Attributes the publisher set are kept as they are.
 */
export function annotateImages(html: string, sizes: readonly ({ width?: number; height?: number } | undefined)[]): string {
  let i = 0;
  return html.replace(IMG, (whole, inside: string) => {
    const n = i++;
    const a = attributes(inside);
    const add: string[] = [];
    const size = sizes[n];
    if (size?.width && size.height && !a.has('width') && !a.has('height')) add.push(`width="${size.width}"`, `height="${size.height}"`);
    if (n > 0 && !a.has('loading')) add.push('loading="lazy"');
    if (n > 0 && !a.has('decoding')) add.push('decoding="async"');
    if (!add.length) return whole;
    // A self-closing slash follows a space or a quote; a slash after anything else ends an unquoted value.
    const selfClosing = /(?:^|[\s"'])\/\s*$/.test(inside);
    const body = (selfClosing ? inside.replace(/\/\s*$/, '') : inside).trimEnd();
    return `<img${body} ${add.join(' ')}${selfClosing ? ' /' : ''}>`;
  });
}
