import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uniqueIds } from '../../src/site/components/unique-ids.ts';

describe('uniqueIds', () => {
  it('renames a repeated id and points the second contents link at the second heading', () => {
    const body = '<h2 id="sources">Sources</h2><p>x</p><h2 id="sources">Sources</h2>';
    const toc = '<ol><li><a href="#sources">Sources</a></li><li><a href="#sources">Sources</a></li></ol>';
    expect(uniqueIds(body, toc, [])).toEqual({
      body: '<h2 id="sources">Sources</h2><p>x</p><h2 id="sources-2">Sources</h2>',
      toc: '<ol><li><a href="#sources">Sources</a></li><li><a href="#sources-2">Sources</a></li></ol>',
    });
  });

  it('moves an id the template uses, and leaves links to other places alone', () => {
    const { body, toc } = uniqueIds(
      '<h2 id="related">Related</h2><h2 id="related-2">x</h2>',
      '<a href="#related">R</a> <a href="/x/#y">y</a>',
      ['related'],
    );
    expect(body).toBe('<h2 id="related-3">Related</h2><h2 id="related-2">x</h2>');
    expect(toc).toBe('<a href="#related-3">R</a> <a href="/x/#y">y</a>');
  });

  it('leaves every id distinct from the others and from the reserved ones, whatever the body repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'a-2', 'b', 'main', 'a-3'), { maxLength: 12 }), (ids) => {
        const { body } = uniqueIds(ids.map((id) => `<h2 id="${id}">t</h2>`).join(''), undefined, ['main']);
        const out = [...body.matchAll(/id="([^"]*)"/g)].map((m) => m[1]);
        expect(out).toHaveLength(ids.length);
        expect(new Set([...out, 'main']).size).toBe(out.length + 1);
      }),
    );
  });
});
