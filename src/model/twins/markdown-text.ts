// Text we did not write (an agent's title, excerpt, alt text, link or author name) into markdown: it stays the same
// characters once a CommonMark renderer reads it, and no renderer that allows HTML finds a tag or an entity in it.
// The blog's twins, its lines in llms.txt and llms-full.txt, and the HTML -> markdown conversion use these; the
// editors' own fields go through blocks.ts, which trusts them with markdown.

/** `<` and `>` always, `&` where it would start an entity reference (`&lt;`, `&#60;`): backslash-escaped. */
export const escapeHtmlSyntax = (text: string): string => text.replace(/[<>]|&(?=#?[a-z0-9]+;)/gi, '\\$&');

/**
 * Plain text as one line of markdown inline text: whitespace runs as one space, every character that starts inline
 * syntax (emphasis, code, links, images, strikethrough, tags, entities) escaped, and nothing at its start that would
 * open a block (a heading, list, quote, rule or setext underline) or close a heading.
 */
export function markdownText(text: string): string {
  return escapeBlockStart(
    escapeHtmlSyntax(
      text
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[\\`*_[\]~]/g, '\\$&'),
    )
      // A heading's closing `#`s would be dropped.
      .replace(/#+$/, '\\$&'),
  );
}

/**
 * Text that may start a line, with nothing there that opens a block: a heading, a list item (`+`, `-`, `1.`, `1)`,
 * even with nothing after it) or a setext underline. Text that starts with a backslash is already escaped.
 */
export const escapeBlockStart = (text: string): string =>
  text.replace(/^(#(?=#*(?:\s|$))|[+=-]|\d+(?=[.)]))/, (m) => (/\d/.test(m) ? `${m}\\` : `\\${m}`));

const percent = (c: string) =>
  c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c);

/**
 * A link or image destination that stays one: whitespace, controls, `<`, `>` and `\` percent-encoded (a browser
 * sends them so anyway), parentheses backslash-escaped. A destination that broke would leave its text, tags
 * included, to be read as markdown.
 */
export const markdownDestination = (url: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this encodes
  url.replace(/[\u0000-\u0020\u007f-\u009f\s<>\\]/g, percent).replace(/[()]/g, '\\$&');

/** A link or image title, inside `"…"`: one line, `"` and `\` escaped so the quotes hold, tags and entities too. */
export const markdownTitle = (title: string): string => escapeHtmlSyntax(title.replace(/\s+/g, ' ').trim().replace(/["\\]/g, '\\$&'));

/** `[text](url)` from text and a URL we did not write. */
export const markdownLink = (text: string, url: string): string => `[${markdownText(text)}](${markdownDestination(url)})`;
