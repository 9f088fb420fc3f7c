// The <img> tags of an article's body (trusted, pre-sanitised HTML): read their src, alt and size, and give each the
// attributes a fast page needs. The body is read by an HTML parser (parse5, as a browser reads it: no <img> inside a
// comment, a <textarea> or a <template>), in time linear in its length whatever it holds, never by a regular
// expression over the whole body. Only the tags themselves change, by their source positions, so the rest of the
// publisher's HTML stays byte for byte. Pure.
import { defaultTreeAdapter, html as html5, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';

/** One <img> of the body, in document order. */
export interface ImgTag {
  src: string;
  /** Absent when the tag has no alt; '' when the publisher marked it decorative (alt=""). */
  alt?: string;
  /** Given on the tag (digits only); else absent. */
  width?: number;
  height?: number;
}

/** Where a piece of the source is: [start, end) in UTF-16 offsets. */
export interface Span {
  start: number;
  end: number;
}

/** One <img> start tag as the source has it: its span, its attributes (names lower case, values decoded) and theirs. */
export interface ImgElement extends Span {
  attrs: Map<string, string>;
  attrSpans: Map<string, Span>;
}

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

/** The body is content of an element, as on the page (not a whole document, nor a template's content). */
const CONTEXT = defaultTreeAdapter.createElement('div', html5.NS.HTML, []);

/** Every <img> start tag of the body, in source order. */
export function imgElements(source: string): ImgElement[] {
  const out: ImgElement[] = [];
  // A body without `<im` has no <img> (nor an <image>, which a parser reads as one): not parsed.
  if (!/<im/i.test(source)) return out;
  // A walk with a stack of its own: a body nested a hundred thousand deep does not exhaust the call stack.
  const stack: Node[] = [parseFragment(CONTEXT, source, { sourceCodeLocationInfo: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!('childNodes' in node)) continue;
    const loc = defaultTreeAdapter.isElementNode(node) ? node.sourceCodeLocation : undefined;
    if (node.nodeName === 'img' && defaultTreeAdapter.isElementNode(node) && node.namespaceURI === html5.NS.HTML && loc?.startTag) {
      const spans = new Map<string, Span>();
      for (const [name, at] of Object.entries(loc.attrs ?? {})) spans.set(name, { start: at.startOffset, end: at.endOffset });
      out.push({
        start: loc.startTag.startOffset,
        end: loc.startTag.endOffset,
        attrs: new Map(node.attrs.map((a) => [a.name, a.value])),
        attrSpans: spans,
      });
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  // A tree puts an <img> misplaced in a table before the table; the source keeps it where it was written.
  return out.sort((a, b) => a.start - b.start);
}

const side = (v: string | undefined) => (v !== undefined && /^\s*\d{1,5}\s*$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

const asTag = (a: Map<string, string>): ImgTag => {
  const tag: ImgTag = { src: (a.get('src') ?? '').trim() };
  if (a.has('alt')) tag.alt = a.get('alt')!;
  const width = side(a.get('width'));
  const height = side(a.get('height'));
  if (width && height) Object.assign(tag, { width, height });
  return tag;
};

/** Every <img> of the body, in document order. */
export function findImages(html: string): ImgTag[] {
  return imgElements(html).map((e) => asTag(e.attrs));
}

/** The body with the start tags of `elements` (from imgElements of it) replaced where `f` returns a new one. */
export function replaceImgTags(html: string, elements: readonly ImgElement[], f: (e: ImgElement, i: number) => string | undefined): string {
  const parts: string[] = [];
  let at = 0;
  elements.forEach((e, i) => {
    const next = f(e, i);
    if (next === undefined) return;
    parts.push(html.slice(at, e.start), next);
    at = e.end;
  });
  return at === 0 ? html : parts.join('') + html.slice(at);
}

/**
 * A start tag without its closing `>` and any self-closing slash (one that follows a space or a quote; a slash after
 * anything else ends an unquoted value), and whether it had one.
 */
export function openTag(html: string, e: Span): { open: string; selfClosing: boolean } {
  const open = html.slice(e.start, e.end - 1).trimEnd();
  const slash = open.length - 1;
  const nameEnd = open.slice(1).search(/[\s/]/) + 1;
  const selfClosing = open[slash] === '/' && (slash === nameEnd || /[\s"']/.test(open[slash - 1]!));
  return { open: selfClosing ? open.slice(0, slash).trimEnd() : open, selfClosing };
}

/**
 * The body with each <img> given, where it lacks them: `width` and `height` (from `sizes`, by position; only when it
 * has neither), and `loading="lazy"` with `decoding="async"` for every image after the first (the first is likely the
 * largest paint in view: it loads eagerly). Attributes the publisher set are kept as they are.
 */
export function annotateImages(html: string, sizes: readonly ({ width?: number; height?: number } | undefined)[]): string {
  return replaceImgTags(html, imgElements(html), (e, n) => {
    const a = e.attrs;
    const add: string[] = [];
    const size = sizes[n];
    if (size?.width && size.height && !a.has('width') && !a.has('height')) add.push(`width="${size.width}"`, `height="${size.height}"`);
    if (n > 0 && !a.has('loading')) add.push('loading="lazy"');
    if (n > 0 && !a.has('decoding')) add.push('decoding="async"');
    if (!add.length) return undefined;
    const { open, selfClosing } = openTag(html, e);
    return `${open} ${add.join(' ')}${selfClosing ? ' /' : ''}>`;
  });
}
