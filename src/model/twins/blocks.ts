// Small markdown builders shared by the twins and llms files. Structured fields are plain text, so the characters
// markdown would read as syntax in the spot they land in are escaped; bodies are editors' markdown and pass as they are.

/** Text inside `[...]` of a link. */
export const linkText = (text: string): string => text.replace(/([\\[\]])/g, '\\$1').replace(/\s+/g, ' ');

const URL_ESCAPES: Record<string, string> = { '(': '%28', ')': '%29', ' ': '%20', '\n': '%0A' };
export const link = (text: string, url: string): string => `[${linkText(text)}](${url.replace(/[() \n]/g, (c) => URL_ESCAPES[c]!)})`;

/** One line of a list or a heading: no line breaks, and a leading `#`, `>` or `-` cannot start a block. */
export const inline = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/^([#>+-]|\d+[.)])(\s)/, '\\$1$2');

export const bullets = (items: readonly string[]): string => items.map((i) => `- ${inline(i)}`).join('\n');

export const numbered = (items: readonly string[]): string => items.map((i, n) => `${n + 1}. ${inline(i)}`).join('\n');

const cell = (value: string): string => inline(value).replace(/\|/g, '\\|') || ' ';

/** A GFM table; every cell escaped so a `|` in content cannot break the row. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** Joins blocks with blank lines, dropping empty ones, with one trailing newline. */
export const blocks = (...parts: (string | false | undefined | null)[]): string =>
  `${parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim())
    .join('\n\n')}\n`;

export const section = (heading: string, body: string | false | undefined): string | undefined =>
  typeof body === 'string' && body.trim() ? `## ${inline(heading)}\n\n${body.trim()}` : undefined;

/** The head every twin starts with: the title as H1 and the description under it. */
export const head = (title: string, description?: string): string => `# ${inline(title)}${description ? `\n\n${description.trim()}` : ''}`;

export const faqsBlock = (faqs: readonly { question: string; answer: string }[] | undefined): string | undefined =>
  faqs?.length
    ? section('Frequently asked questions', faqs.map((f) => `### ${inline(f.question)}\n\n${f.answer.trim()}`).join('\n\n'))
    : undefined;
