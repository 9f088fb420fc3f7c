import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonPieces } from '../../src/model/core/json-pieces.ts';
import { createHash } from 'node:crypto';
import { contentHash, loadCatalog } from '../../src/model/catalog/load-catalog.ts';

const joined = (value: Record<string, unknown>) => [...jsonPieces(value)].join('');

describe('jsonPieces', () => {
  it("gives JSON.stringify's text, byte for byte, for the real catalog", () => {
    const { catalog } = loadCatalog(join(import.meta.dirname, '../../content'), 'https://example.com', 'pieces-test');
    expect(joined(catalog as unknown as Record<string, unknown>)).toBe(JSON.stringify(catalog));
  });

  it("feeds the build id: contentHash is the SHA-256 of the catalog's whole JSON text, and follows its content", () => {
    const { catalog } = loadCatalog(join(import.meta.dirname, '../../content'), 'https://example.com', 'pieces-test');
    const whole = createHash('sha256').update(JSON.stringify(catalog)).digest('hex').slice(0, 16);
    expect(contentHash(catalog)).toBe(whole);
    expect(contentHash({ ...catalog, terms: catalog.terms.slice(1) })).not.toBe(whole);
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
