import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonPieces } from '../../src/core/json-pieces.ts';
import { loadCatalog } from '../../src/catalog/load-catalog.ts';

const joined = (value: Record<string, unknown>) => [...jsonPieces(value)].join('');

describe('jsonPieces', () => {
  it("gives JSON.stringify's text, byte for byte, for the real catalog", () => {
    const { catalog } = loadCatalog(join(import.meta.dirname, '../../content'), 'https://example.com', 'pieces-test');
    expect(joined(catalog as unknown as Record<string, unknown>)).toBe(JSON.stringify(catalog));
  });

  it('and for any JSON-like object, with what JSON.stringify leaves out or turns to null', () => {
    const odd = { a: undefined, b: () => 1, c: [1, undefined, 'é\u2028"\\'], d: [], e: { f: undefined, g: [[1]] }, 'h"i': null, j: 0 };
    expect(joined(odd)).toBe(JSON.stringify(odd));
    expect(joined({})).toBe('{}');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        expect(joined(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });
});
