// The published HTML of a blog article as GFM markdown: the `content_markdown` of the public API and the body of
// the article's .md twin. One configured turndown instance; tables, strikethrough and task lists survive.
import TurndownService from 'turndown';
import { highlightedCodeBlock, taskListItems } from 'turndown-plugin-gfm';
import { escapeBlockStart, escapeHtmlSyntax, markdownDestination, markdownText, markdownTitle } from '../../model/twins/markdown-text.ts';
import { gfmTables } from './gfm-table-rule.ts';

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use([highlightedCodeBlock, taskListItems, gfmTables]);
  // GFM's strikethrough is `~~`; the plugin's single `~` is not read as strikethrough by every renderer.
  service.addRule('strikethrough', { filter: ['del', 's', 'strike'] as never, replacement: (content) => `~~${content}~~` });
  service.addRule('listItem', { filter: 'li', replacement: listItem });
  service.addRule('image', { filter: 'img', replacement: (_content, node) => image(node as HTMLElement) });
  service.addRule('inlineLink', { filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')), replacement: inlineLink });
  service.remove(['script', 'style', 'noscript', 'template']);
  // Text that reads like a tag or an entity (an article about HTML, or `&lt;img onerror=…&gt;` smuggled in as text)
  // stays text: `<`, `>` and `&lt;` are escaped, so no markdown renderer turns it back into raw HTML. turndown already
  // escapes a leading `>` (a quote); that one is left to escapeHtmlSyntax, so it is escaped once.
  const escapeMarkdown = service.escape.bind(service);
  // turndown escapes `# `, `+ ` and `1. ` but not a lone `#`, `+` or `1.`, which still open a block: escapeBlockStart.
  service.escape = (text: string) => escapeBlockStart(escapeHtmlSyntax(escapeMarkdown(text).replace(/^\\>/, '>')));
  return service;
}

const titlePart = (node: HTMLElement) => {
  const title = node.getAttribute('title')?.trim();
  return title ? ` "${markdownTitle(title)}"` : '';
};

/**
 * turndown's own image and link rules escape neither an alt text nor a title for HTML, and a destination with a
 * space or a line break ends the link, leaving its text to be read as markdown (tags included); these keep all three.
 */
function image(node: HTMLElement): string {
  const src = node.getAttribute('src');
  return src ? `![${markdownText(node.getAttribute('alt') ?? '')}](${markdownDestination(src)}${titlePart(node)})` : '';
}

function inlineLink(content: string, node: TurndownService.Node): string {
  const a = node as HTMLElement;
  return `[${content}](${markdownDestination(a.getAttribute('href')!)}${titlePart(a)})`;
}

/**
 * turndown's list item with a one-space marker (`- `, `3. `) instead of its padded `-   `, which reads badly and
 * pushes task boxes off the marker; nested content is indented to the item's text, as CommonMark wants.
 */
function listItem(content: string, node: TurndownService.Node, options: TurndownService.Options): string {
  const parent = node.parentNode as HTMLElement;
  let prefix = `${options.bulletListMarker} `;
  if (parent.nodeName === 'OL') {
    const start = Number(parent.getAttribute('start') || 1);
    prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
  }
  const paragraph = /\n$/.test(content);
  const body = content.replace(/^\n+|\n+$/g, '').replace(/^\[([ x])\]\s+/, '[$1] ') + (paragraph ? '\n' : '');
  return prefix + body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`) + (node.nextSibling ? '\n' : '');
}

let service: TurndownService | undefined;

/** Converts an article body; pure and deterministic, so twins and API answers agree. */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  // Whitespace-only lines (turndown indents the blank line inside a loose list item) carry nothing.
  return `${service
    .turndown(html)
    .replace(/^[ \t]+$/gm, '')
    .trim()}\n`;
}
