// Heading and Link Audit: parses pasted HTML into a tree with rehype-parse and reads it. Nothing in it runs or
// loads: no scripts, no styles, no fetches; script, style and template contents are skipped.
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import type { Element, Nodes, Root } from 'hast';
import { ApiError } from '../http/api-error.ts';

export interface Issue {
  code: string;
  message: string;
}
export interface HeadingRow {
  level: number;
  text: string;
  issues: Issue[];
}
export interface LinkRow {
  href: string;
  text: string;
  /** internal, external, or other (mailto:, tel: and other schemes search engines do not crawl). */
  kind: 'internal' | 'external' | 'other';
  rel: string[];
  issues: Issue[];
}
export interface AuditReport {
  headings: HeadingRow[];
  outline_issues: Issue[];
  links: LinkRow[];
  summary: { headings: number; h1: number; links: number; internal: number; external: number; issues: number };
}

const SKIP = new Set(['script', 'style', 'template', 'noscript']);
const VAGUE = new Set([
  'click here',
  'here',
  'read more',
  'more',
  'learn more',
  'click',
  'this',
  'this link',
  'link',
  'this page',
  'continue',
  'continue reading',
  'details',
  'more info',
  'go',
  'see more',
]);
const FLAGGED_REL = ['nofollow', 'sponsored', 'ugc'];
/** The report stays bounded whatever is pasted: rows past these are counted in the summary but not listed. */
export const MAX_ROWS = 2000;
const MAX_TEXT = 500;

/**
 * Every element in document order, skipping script-like contents. Iterative, with an explicit stack: pasted HTML can
 * nest as deep as it likes (5,000 `<div>`s), and recursion would overflow the call stack.
 */
function walk(root: Nodes, visit: (el: Element) => void) {
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'element') {
      if (SKIP.has(node.tagName)) continue;
      visit(node);
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
}

/** Visible text, with an image's alt standing in for the image, whitespace collapsed; iterative as `walk`. */
function textOf(root: Nodes): string {
  let text = '';
  const stack: Nodes[] = [root];
  while (stack.length && text.length <= MAX_TEXT) {
    const node = stack.pop()!;
    if (node.type === 'text') text += node.value;
    else if (node.type === 'element' && SKIP.has(node.tagName)) continue;
    else if (node.type === 'element' && node.tagName === 'img') {
      text += ` ${String(node.properties.alt ?? '')} `;
      continue;
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  return text.slice(0, MAX_TEXT);
}

/** Whether an image is anywhere inside. */
function hasImage(root: Nodes): boolean {
  const stack: Nodes[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'element' && n.tagName === 'img') return true;
    if ('children' in n) stack.push(...(n.children as Nodes[]));
  }
  return false;
}
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

function classify(href: string, pageUrl?: URL): LinkRow['kind'] | 'unusable' {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters and spaces in a URL
  const h = href.replace(/[\u0000-\u0020]/g, '');
  if (!h || h === '#' || /^javascript:/i.test(h)) return 'unusable';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(h)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return 'other';
  if (!scheme && !h.startsWith('//')) return 'internal';
  if (!pageUrl) return 'external';
  try {
    return new URL(h, pageUrl).host === pageUrl.host ? 'internal' : 'external';
  } catch {
    return 'unusable';
  }
}

/** Parses pasted HTML; a tree too deep for the parser's recursion is the caller's 400, never a 500 with a stack. */
function parse(html: string): Root {
  try {
    return unified().use(rehypeParse).parse(html) as Root;
  } catch (err) {
    if (err instanceof RangeError)
      throw new ApiError(400, 'invalid_body', "The HTML nests too deeply to audit; paste the page's main content instead.");
    throw err;
  }
}

export function auditHtml(html: string, pageUrl?: string): AuditReport {
  const tree = parse(html);
  const base = pageUrl ? new URL(pageUrl) : undefined;
  const headings: HeadingRow[] = [];
  const links: LinkRow[] = [];
  walk(tree, (el) => {
    const level = /^h([1-6])$/.exec(el.tagName)?.[1];
    if (level) {
      const text = clean(textOf(el));
      const issues: Issue[] = [];
      if (!text) issues.push({ code: 'empty_heading', message: `This h${level} has no text.` });
      const prev = headings.at(-1);
      if (prev && Number(level) > prev.level + 1)
        issues.push({ code: 'skipped_level', message: `h${level} follows h${prev.level}: level ${prev.level + 1} is skipped.` });
      headings.push({ level: Number(level), text, issues });
    }
    if (el.tagName === 'a' && el.properties.href !== undefined && el.properties.href !== null) {
      const href = String(el.properties.href);
      const rel = (Array.isArray(el.properties.rel) ? el.properties.rel : String(el.properties.rel ?? '').split(/\s+/))
        .map((r) => String(r).toLowerCase())
        .filter(Boolean);
      const text = clean(textOf(el));
      const kind = classify(href, base);
      const issues: Issue[] = [];
      if (kind === 'unusable')
        issues.push({ code: 'unusable_target', message: 'The link has no target search engines can follow (empty, "#" or javascript:).' });
      if (!text)
        issues.push(
          hasImage(el)
            ? { code: 'image_link_without_alt', message: 'An image link with no alt text: the link has no name.' }
            : { code: 'missing_anchor_text', message: 'The link has no anchor text.' },
        );
      else if (
        VAGUE.has(
          text
            .toLowerCase()
            .replace(/[^\p{L}\p{N} ]/gu, '')
            .trim(),
        )
      )
        issues.push({ code: 'vague_anchor_text', message: `"${text}" says nothing about the target page.` });
      for (const r of FLAGGED_REL) if (rel.includes(r)) issues.push({ code: `rel_${r}`, message: `rel="${r}" is set.` });
      if (kind === 'internal' && rel.includes('nofollow'))
        issues.push({ code: 'internal_nofollow', message: 'An internal link with nofollow is almost always a mistake.' });
      links.push({ href, text, kind: kind === 'unusable' ? 'other' : kind, rel, issues });
    }
  });
  const h1 = headings.filter((h) => h.level === 1).length;
  const outline: Issue[] = [];
  if (h1 === 0)
    outline.push({
      code: 'no_h1',
      message: headings.length ? 'There is no h1: one h1 naming the topic is the clearest start.' : 'There are no headings at all.',
    });
  if (h1 > 1)
    outline.push({
      code: 'multiple_h1',
      message: `There are ${h1} h1 elements; one h1 naming the topic is clearer (a warning, not an error).`,
    });
  const issueCount = outline.length + headings.reduce((n, h) => n + h.issues.length, 0) + links.reduce((n, l) => n + l.issues.length, 0);
  return {
    headings: headings.slice(0, MAX_ROWS),
    outline_issues: outline,
    links: links.slice(0, MAX_ROWS),
    summary: {
      headings: headings.length,
      h1,
      links: links.length,
      internal: links.filter((l) => l.kind === 'internal').length,
      external: links.filter((l) => l.kind === 'external').length,
      issues: issueCount,
    },
  };
}
