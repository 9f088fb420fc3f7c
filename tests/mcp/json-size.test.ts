// jsonSize counts what JSON.stringify would write, in UTF-8 bytes, without writing it: the answer limit weighs each
// MCP response with it (src/request/api/mcp/answer-limit.ts), so it must agree byte for byte, whatever the text holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSize } from '../../src/request/api/mcp/json-size.ts';

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? '');

describe('jsonSize', () => {
  it('agrees with JSON.stringify on any JSON value, any text (lone surrogates, controls, escapes, astral)', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('"', '\\', '\u0000', '\n', '\u2028', '\ud800', '\udc00', 'é', '😀') }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonSize(v)).toBe(bytes(v));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(jsonSize(s)).toBe(bytes(s));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.double(), fc.constant(undefined))), (v) => {
        expect(jsonSize(v)).toBe(bytes(v));
      }),
    );
  });

  it('counts an MCP tool result as the transport writes it', () => {
    const body = JSON.stringify({ data: { items: [{ title: 'Canonical "URL"', text: 'a\\b\n\tc é 😀' }] } });
    const message = {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: body }], structuredContent: JSON.parse(body), isError: undefined },
    };
    expect(jsonSize(message)).toBe(bytes(message));
    expect(jsonSize([message, message])).toBe(bytes([message, message]));
  });
});
