// Untrusted article HTML: nothing active survives, everything an article needs does.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import { sanitizeHtml } from '../../src/model/markdown/sanitize-html.ts';

interface Node {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}
/** What a browser would find active in the HTML: script-like elements, event handlers, script URLs. */
function active(html: string): string[] {
  const found: string[] = [];
  const walk = (n: Node) => {
    if (n.type === 'element') {
      if (/^(script|style|iframe|object|embed|svg|math|form|base|meta|link)$/i.test(n.tagName!)) found.push(`<${n.tagName}>`);
      for (const [k, v] of Object.entries(n.properties ?? {})) {
        if (/^on/i.test(k) || k === 'style') found.push(`${n.tagName} ${k}`);
        if (/^(href|src|action|formAction|xLinkHref)$/.test(k) && /^\s*(javascript|data|vbscript):/i.test(String(v)))
          found.push(`${n.tagName} ${k}=${v}`);
      }
    }
    n.children?.forEach(walk);
  };
  walk(unified().use(rehypeParse, { fragment: true }).parse(html) as Node);
  return found;
}

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers, javascript: URLs and frames', () => {
    const out = sanitizeHtml(
      [
        '<p>Hi<img src=x onerror=alert(1)></p>',
        '<script>alert(2)</script>',
        '<a href="javascript:alert(3)">click</a>',
        '<a href="JaVaScRiPt:alert(4)">x</a>',
        '<iframe src="https://evil.example/"></iframe>',
        '<svg onload=alert(5)><circle/></svg>',
        '<div style="background:url(javascript:alert(6))" onclick="alert(7)">d</div>',
        '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
        '<form action="https://evil.example/"><input name="q"></form>',
        '<style>body{display:none}</style>',
      ].join(''),
    );
    expect(active(out)).toEqual([]);
    expect(out).not.toContain('alert(2)');
    expect(out).toContain('<a>click</a>');
    expect(out).toContain('<img src="x">');
  });

  it('keeps tables, code, images, links, lists, headings with their ids and the contents nav', () => {
    const html = [
      '<h2 id="keep-it-short">Keep it short</h2>',
      '<nav class="toc"><ol><li><a href="#keep-it-short">Keep it short</a></li></ol></nav>',
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
      '<pre><code class="language-js">const a = 1 &lt; 2;</code></pre>',
      '<p><a href="https://example.com/" title="Example">link</a> <img src="https://img.example.com/a.png" alt="A" width="10" height="10"></p>',
      '<ul><li>one</li></ul><blockquote><p>quote</p></blockquote><figure><img src="/x.png" alt=""><figcaption>cap</figcaption></figure>',
    ].join('');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('never lets an event handler or a script element through, whatever the input', () => {
    const piece = fc.constantFrom(
      '<img src=x onerror=alert(1)>',
      '<scr',
      'ipt>',
      '<script>',
      '</script>',
      '<a href="java',
      'script:x">',
      '&lt;',
      '<p>',
      '"',
      "'",
      ' onload=',
      '<svg>',
      '<!--',
      '-->',
      '<![CDATA[',
      '<math>',
      '<style>',
      '<div ',
      '>',
      'text',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        expect(active(sanitizeHtml(parts.join('')))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sanitizeHtml on HTML too deep to parse', () => {
  it('shows it as escaped text, never throwing', () => {
    const out = sanitizeHtml(`${'<div>'.repeat(20000)}<img src=x onerror=alert(1)>`);
    expect(out.startsWith('<pre>&lt;div&gt;')).toBe(true);
    expect(active(out)).toEqual([]);
  });
});
