import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import { rehypeScrollBoxes } from './rehype-scroll-boxes.ts';
import { rehypeCodeBlocks } from './rehype-code-blocks.ts';
import { prerendered } from './prerender-markdown.ts';

// Editors' markdown is trusted (it is reviewed in git), but raw HTML in it is still dropped: remark-rehype
// leaves `html` nodes out unless allowDangerousHtml is set.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSlug)
  .use(rehypeCodeBlocks)
  .use(rehypeScrollBoxes)
  .use(rehypeStringify)
  .freeze();

/** The HTML of editors' markdown; rendered ahead by the build's workers where it was (prerender-markdown.ts). */
export const renderHtml = (markdown: string): string => prerendered(markdown) ?? String(processor.processSync(markdown));
