// Hostile strings, raw (percent-encoded or not): what a fuzzer, a scanner or a broken client sends. One list for every
// property test: tests/http/hostile-requests.test.ts puts them in every path segment and query parameter,
// tests/mcp/hostile-arguments.test.ts in every MCP tool's arguments.
import fc from 'fast-check';

/** The fixed cases: encodings of dots and slashes, controls, overlong and numeric-looking values, real slugs. */
export const HOSTILE_CASES = [
  '%',
  '%zz',
  '%00',
  '%0a',
  '%c3%28',
  '%ff',
  '%2e%2e',
  '%2e%2e%2f',
  '%252e%252e%252fpricing',
  '..%2f..%2fpackage.json',
  '%2F',
  '%5c',
  '..',
  '.',
  '',
  '%20',
  '+',
  '\u0000',
  'a%00b',
  '%e2%80%ae',
  '%ef%bf%bf',
  '\u202e',
  '\ud83d\ude00',
  'A'.repeat(5000),
  '9'.repeat(400),
  '-1',
  '0',
  '1e3',
  '0x10',
  '9007199254740992',
  'true',
  'null',
  '[]',
  '{}',
  '<script>',
  "'; drop table articles; --",
  'canonical-url',
  'post-000',
  'prj_demo_blog',
] as const;

/** The fixed cases, and generated strings: any text, encoded bytes, and runs of `%`, `2`, `e`, `f`, `/`, `.`. */
export const hostile = fc.oneof(
  fc.constantFrom(...HOSTILE_CASES),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom('%', '2', 'e', 'f', 'F', '0', '/', '.', 'z'), maxLength: 12 }),
);
