import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from '../../src/model/markdown/render-html.ts';
import { dropPrerendered, markdownReady, prerendered, prerenderMarkdown } from '../../src/model/markdown/prerender-markdown.ts';

const CODE = '```html\n<link rel="canonical" href="https://example.com/a/">\n```\n';
afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderHtml', () => {
  it('highlights code the same however slow the machine is', () => {
    const calm = renderHtml(CODE);
    expect(calm).toContain('<span style="color:#79C0FF"> href</span>');
    // Each clock read a second later: Shiki's default 500 ms line limit would leave the line as one plain token.
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    expect(renderHtml(CODE.replace('/a/', '/b/'))).toBe(calm.replace('/a/', '/b/'));
  });

  it('renders ahead in worker threads, each distinct source once, to the same bytes', async () => {
    const sources = [CODE, '| a | b |\n|---|---|\n| 1 | 2 |\n', '## Heading\n\nText with [a link](https://example.com/).', CODE];
    const expected = sources.map(renderHtml);
    expect(sources.map(prerendered)).toEqual([undefined, undefined, undefined, undefined]);
    void prerenderMarkdown(sources, 2);
    await markdownReady();
    expect(sources.map(prerendered)).toEqual(expected);
    expect(sources.map(renderHtml)).toEqual(expected);
    dropPrerendered();
    expect(sources.map(prerendered)).toEqual([undefined, undefined, undefined, undefined]);
    expect(sources.map(renderHtml)).toEqual(expected);
  });
});
