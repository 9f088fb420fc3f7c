// HTML we did not write, made safe where we render or convert it (DESIGN rule 12): blog bodies and tables of
// contents come from agents that read the web, so a prompt-injected `<img onerror>`, `<script>` or `javascript:` link
// must never run on our origin, nor survive into the markdown twins and the public API. rehype-sanitize with
// GitHub's schema, widened to what articles use (tables, code, images, figures, a contents nav) and with heading
// ids kept as written, so a table of contents still finds its anchors.
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema, type Options } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';

const schema: Options = {
  ...defaultSchema,
  tagNames: [
    ...defaultSchema.tagNames!,
    'nav',
    'figure',
    'figcaption',
    'caption',
    'colgroup',
    'col',
    'mark',
    'small',
    'time',
    'abbr',
    'cite',
    'u',
    'aside',
  ],
  attributes: {
    ...defaultSchema.attributes,
    // Classes that style or label code and the contents list, never ones that could reach our own scripts' hooks.
    code: [['className', /^language-[\w-]+$/]],
    pre: [['className', /^language-[\w-]+$/]],
    nav: [['className', 'toc']],
    img: [...(defaultSchema.attributes!.img ?? []), 'loading', 'decoding'],
    time: ['dateTime'],
  },
  // Ids are anchors the table of contents links to; `name` (a form's) is still prefixed.
  clobber: ['name'],
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
};

const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(rehypeSanitize, schema)
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze();

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML with every script, event handler, unsafe URL and unknown element removed; text and structure kept. HTML
 * nested deeper than the parser's recursion allows is shown as escaped text: safe, and visibly wrong to its editor.
 */
export function sanitizeHtml(html: string): string {
  try {
    return String(processor.processSync(html));
  } catch (err) {
    if (err instanceof RangeError) return `<pre>${escapeText(html)}</pre>`;
    throw err;
  }
}
