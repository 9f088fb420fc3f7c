import { referenceText } from './reference-text.ts';

export interface ReferenceTarget {
  title: string;
  url: string;
}

/** What is wrong with one `[[...]]`, at its offset: an unknown slug (for a "did you mean"), or its form. */
export type ReferenceProblem = { unknown: string } | { malformed: string };

const FORM = '(expected [[slug]] or [[slug|text]] on one line)';

/** At most 30 characters of `text`, with "..." when cut. */
const excerpt = (text: string) => (text.length > 30 ? `${text.slice(0, 30)}...` : text);

/**
 * Turns `[[slug]]` and `[[slug|text]]` into links to glossary terms, and root-relative markdown links
 * (`](/pricing/)`) into absolute ones, so every output (HTML, JSON, twins, llms-full.txt) carries absolute links.
 * A reference that is unknown, empty (`[[]]`, `[[|text]]`), without text after its `|` (`[[slug|]]`) or not closed
 * on its line (`[[slug`) is passed to `report` with its offset in `markdown` (the checker reports it with its line)
 * and left as it is.
 */
export function resolveReferences(
  markdown: string,
  terms: ReadonlyMap<string, ReferenceTarget>,
  site: string,
  report: (offset: number, problem: ReferenceProblem) => void,
): string {
  let out = '';
  let done = 0;
  for (let at = markdown.indexOf('[['); at !== -1; at = markdown.indexOf('[[', done)) {
    const newline = markdown.indexOf('\n', at);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const close = markdown.indexOf(']]', at + 2);
    const reopen = markdown.indexOf('[[', at + 2);
    if (close === -1 || close > lineEnd || (reopen !== -1 && reopen < close)) {
      report(at, { malformed: `unclosed cross-reference "${excerpt(markdown.slice(at, lineEnd).trimEnd())}" ${FORM}` });
      out += markdown.slice(done, at + 2);
      done = at + 2;
      continue;
    }
    const whole = markdown.slice(at, close + 2);
    const bar = whole.indexOf('|');
    const slug = (bar === -1 ? whole.slice(2, -2) : whole.slice(2, bar)).trim();
    const text = bar === -1 ? undefined : whole.slice(bar + 1, -2);
    out += markdown.slice(done, at);
    done = close + 2;
    const target = terms.get(slug);
    if (!slug) report(at, { malformed: `empty cross-reference ${excerpt(whole)} ${FORM}` });
    else if (text !== undefined && !text.trim())
      report(at, { malformed: `cross-reference ${excerpt(whole)} has no text after "|" (expected [[${slug}]] or [[${slug}|text]])` });
    else if (!target) report(at, { unknown: slug });
    // Mid-sentence, a title's first letter is lowered unless it is a proper name ("the click-through rate").
    else {
      out += `[${(text ?? referenceText(target.title, markdown.slice(markdown.lastIndexOf('\n', at) + 1, at))).trim()}](${target.url})`;
      continue;
    }
    out += whole;
  }
  out += markdown.slice(done);
  return out.replace(/\]\((\/[^)\s]*)\)/g, (_, path: string) => `](${site}${path})`);
}
