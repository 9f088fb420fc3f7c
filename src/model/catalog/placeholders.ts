// A placeholder `npm run new` writes (scaffolds.ts: `TODO: define the term in one sentence.`) left in a content file:
// a field or a paragraph nobody wrote. The checker and the build refuse it at its field or its place in the body, so
// a scaffolded entry cannot be published as it was scaffolded.
import type { Problems } from './problems.ts';
import type { SourceFile } from './source-file.ts';

/** A markdown file as read (read-content.ts's ContentFile): its front matter's data and its body. */
interface ContentFile extends SourceFile {
  data: Record<string, unknown>;
  body: string;
  bodyOffset: number;
}

/** The mark every scaffold's placeholders carry, as a word of its own. */
export const PLACEHOLDER_MARK = 'TODO';
const MARK = new RegExp(`\\b${PLACEHOLDER_MARK}\\b`);
const MARKS = new RegExp(`\\b${PLACEHOLDER_MARK}\\b[^\\n]*`, 'g');

/** The placeholder's text as a message quotes it: one line, at most 60 characters. */
const quoted = (text: string) => {
  const line = text.trim().split('\n')[0]!;
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
};
const WRITE = 'left by npm run new (write the real text in its place)';

/** Reports every placeholder of `f`: each frontmatter value holding one, and each in the body. */
export function checkPlaceholders(f: ContentFile, problems: Problems): void {
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      if (MARK.test(value)) problems.at(f, path, `is a placeholder ${quoted(value)} ${WRITE}`);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(f.data, []);
  for (const m of f.body.matchAll(MARKS)) problems.atOffset(f, f.bodyOffset + m.index, 'body', `placeholder ${quoted(m[0])} ${WRITE}`);
}
