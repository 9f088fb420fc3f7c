import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { describeIssue, issueErrorMap } from '../../src/model/core/describe-issue.ts';

/** The described issues of parsing `value`, as `path: reason` lines. */
const reasons = (schema: z.ZodType, value: unknown, map = false) => {
  const r = map ? schema.safeParse(value, { error: issueErrorMap }) : schema.safeParse(value);
  if (r.success) throw new Error('expected the value to be refused');
  return r.error.issues.map(describeIssue).map((d) => `${d.path}: ${d.reason}`);
};
const one = (schema: z.ZodType, value: unknown, map = false) => {
  const all = reasons(schema, value, map);
  expect(all).toHaveLength(1);
  return all[0];
};

describe('describeIssue over every zod 4 issue kind', () => {
  it('invalid_type: missing is "is required", a wrong type says what it got', () => {
    expect(one(z.object({ title: z.string() }), {})).toBe('title: is required');
    expect(one(z.object({ title: z.string() }), { title: 3 })).toBe('title: must be a string (got number)');
    expect(one(z.object({ a: z.array(z.string()) }), { a: 'x' })).toBe('a: must be a list (got string)');
    expect(one(z.object({}), [])).toBe(': must be an object (got list)');
    expect(one(z.boolean(), null)).toBe(': must be true or false (got null)');
    expect(one(z.number(), Number.NaN)).toBe(': must be a number (got NaN)');
    expect(one(z.int(), 'x')).toBe(': must be a number (got string)');
    expect(one(z.int(), 1.5)).toBe(': must be an integer');
    expect(one(z.int(), 1.5, true)).toBe(': must be an integer (got 1.5)');
    expect(one(z.date(), new Date('nope'))).toBe(': must be a date (got an invalid date)');
    expect(one(z.never(), 1)).toBe(': must not be given');
    expect(one(z.string().nonoptional(), undefined)).toBe(': is required');
    expect(one(z.array(z.string()), ['a', 2])).toBe('1: must be a string (got number)');
  });

  it('too_small and too_big: characters, items, numbers, integers and dates', () => {
    expect(one(z.string().min(1), '')).toBe(': must not be empty');
    expect(one(z.string().min(10), 'short')).toBe(': must be at least 10 characters');
    expect(one(z.string().max(200), 'x'.repeat(201))).toBe(': must be at most 200 characters');
    expect(one(z.string().length(3), 'ab')).toBe(': must be exactly 3 characters long');
    expect(one(z.array(z.string()).min(1), [])).toBe(': must have at least 1 item');
    expect(one(z.array(z.string()).min(3), ['a'])).toBe(': must have at least 3 items');
    expect(one(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe(': must have at most 2 items');
    expect(one(z.set(z.string()).min(2), new Set(['a']))).toBe(': must have at least 2 items');
    expect(one(z.tuple([z.string()]), ['a', 'b'])).toBe(': must have at most 1 item');
    expect(one(z.number().min(1), 0.5)).toBe(': must be at least 1');
    expect(one(z.number().gt(0), 0)).toBe(': must be greater than 0');
    expect(one(z.number().lt(5), 5)).toBe(': must be less than 5');
    expect(one(z.bigint().min(5n), 1n)).toBe(': must be an integer of at least 5');
    expect(one(z.date().min(new Date('2020-01-01')), new Date('2019-06-01'))).toBe(': must be on or after 2020-01-01');
    expect(one(z.date().max(new Date('2020-01-01T12:00:00Z')), new Date('2021-01-01'))).toBe(
      ': must be on or before 2020-01-01T12:00:00.000Z',
    );
    // Without the error map a finished issue does not say the number was an integer; with it, it does.
    expect(one(z.int().min(1), 0)).toBe(': must be at least 1');
    expect(one(z.int().min(1), 0, true)).toBe(': must be an integer of at least 1');
    expect(one(z.coerce.number().int().min(1).max(100), '1000', true)).toBe(': must be an integer of at most 100');
  });

  it('invalid_format: dates and times with an example, URLs, patterns and affixes', () => {
    expect(one(z.object({ updated: z.iso.datetime() }), { updated: '2026-01-31' })).toBe(
      'updated: must be an ISO 8601 date-time (expected e.g. 2026-01-31T00:00:00Z)',
    );
    expect(one(z.object({ updated: z.iso.date() }), { updated: '31/01/2026' })).toBe(
      'updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)',
    );
    expect(one(z.iso.time(), '25:00')).toBe(': must be a time HH:MM:SS (expected e.g. 13:45:00)');
    expect(one(z.iso.duration(), '3 days')).toBe(': must be an ISO 8601 duration (expected e.g. P3DT4H)');
    expect(one(z.url(), 'nope')).toBe(': must be a URL (expected e.g. https://example.com/page)');
    expect(one(z.email(), 'nope')).toBe(': must be an email address (expected e.g. name@example.com)');
    expect(one(z.uuid(), 'nope')).toBe(': must be a UUID (expected e.g. 123e4567-e89b-12d3-a456-426614174000)');
    expect(one(z.ipv4(), 'nope')).toBe(': must be an IPv4 address (expected e.g. 192.0.2.1)');
    expect(one(z.string().regex(/^[a-z]+$/), 'A')).toBe(': must match the pattern /^[a-z]+$/');
    expect(one(z.string().startsWith('sk_'), 'x')).toBe(': must start with "sk_"');
    expect(one(z.string().endsWith('.md'), 'x')).toBe(': must end with ".md"');
    expect(one(z.string().includes('@'), 'x')).toBe(': must contain "@"');
    expect(one(z.string().lowercase(), 'X')).toBe(': must be lower case');
    expect(one(z.base64(), '!!')).toBe(': must be base64-encoded');
    expect(one(z.hash('sha256'), 'x')).toBe(': must be a SHA256 hash in hex');
    expect(one(z.cuid(), '!')).toBe(': must be a valid cuid');
  });

  it('not_multiple_of, unrecognized_keys, invalid_value', () => {
    expect(one(z.number().multipleOf(5), 3)).toBe(': must be a multiple of 5');
    expect(one(z.strictObject({ a: z.string().optional() }), { foo: 1, bar: 2 })).toBe(': has unknown fields foo, bar');
    expect(one(z.object({ o: z.strictObject({}) }), { o: { foo: 1 } })).toBe('o: has unknown field foo');
    expect(one(z.object({ format: z.enum(['markdown', 'html', 'both']) }), { format: 'xml' })).toBe(
      'format: must be one of markdown, html, both',
    );
    expect(one(z.literal('USD'), 'EUR')).toBe(': must be USD');
    expect(one(z.literal([1, 2]), 3)).toBe(': must be one of 1, 2');
    expect(one(z.stringbool(), 'maybe')).toBe(': must be one of true, 1, yes, on, y, enabled, false, 0, no, off, n, disabled');
  });

  it('invalid_union: required, the types it may be, the option that got furthest, discriminators, xor', () => {
    const isoDate = z.union([z.date(), z.iso.date()]);
    expect(one(z.object({ updated: isoDate }), {})).toBe('updated: is required');
    expect(one(z.object({ updated: isoDate }), { updated: 5 })).toBe('updated: must be a date or a string (got number)');
    expect(one(z.object({ updated: isoDate }), { updated: '2026-13-01' })).toBe(
      'updated: must be a date YYYY-MM-DD (expected e.g. 2026-01-31)',
    );
    const shapes = z.object({ o: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) });
    expect(one(shapes, { o: { a: 1 } })).toBe('o.a: must be a string (got number)');
    expect(one(shapes, { o: {} })).toBe('o.a: is required');
    const tagged = z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);
    expect(one(tagged, { kind: 'c' })).toBe('kind: must be one of a, b');
    expect(one(z.xor([z.string(), z.string().min(1)]), 'a')).toBe(': matches more than one of the allowed forms');
  });

  it('invalid_key and invalid_element', () => {
    expect(one(z.record(z.string().min(2), z.string()), { a: 'x' })).toBe('a: is not an allowed key (it must be at least 2 characters)');
    expect(one(z.record(z.enum(['x', 'y']), z.string()), { x: 'a', y: 'b', z: 'c' })).toBe(': has unknown field z');
    const element = describeIssue({
      code: 'invalid_element',
      origin: 'map',
      key: 'k',
      path: ['m'],
      message: 'Invalid element in map',
      issues: [{ code: 'invalid_type', expected: 'number', path: [], message: 'Invalid input: expected number, received string' }],
    });
    expect(element).toEqual({ path: 'm', reason: 'has an invalid element (it must be a number (got string))' });
  });

  it('custom: a schema\'s own message is used as it is; a bare refine is "is not valid"', () => {
    expect(
      one(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe(': is not valid');
    expect(one(z.object({ s: z.string().refine(() => false, 'must be nice') }), { s: 'x' })).toBe('s: must be nice');
    expect(one(z.string().regex(/^a$/, { error: 'must be lower case letters' }), 'b')).toBe(': must be lower case letters');
    expect(one(z.url({ error: 'must be an absolute http(s) URL' }), 'x', true)).toBe(': must be an absolute http(s) URL');
  });

  it('paths are dotted, with list indexes, and empty at the root', () => {
    const schema = z.object({ sources: z.array(z.object({ url: z.url() })) });
    expect(one(schema, { sources: [{ url: 'https://a.example/' }, { url: 'x' }] })).toBe(
      'sources.1.url: must be a URL (expected e.g. https://example.com/page)',
    );
    expect(describeIssue({ code: 'custom', path: [], message: 'Invalid input' })).toEqual({ path: '', reason: 'is not valid' });
  });

  it('the error map words issues the same way as describeIssue, and reports every issue', () => {
    const schema = z.object({ title: z.string(), limit: z.int().min(1), when: z.iso.datetime(), kind: z.enum(['a', 'b']) });
    expect(reasons(schema, { limit: 0, when: 'x', kind: 'c' }, true)).toEqual([
      'title: is required (expected a string)',
      'limit: must be an integer of at least 1',
      'when: must be an ISO 8601 date-time (expected e.g. 2026-01-31T00:00:00Z)',
      'kind: must be one of a, b',
    ]);
    expect(reasons(schema, { title: 1, limit: 'x', when: 3, kind: 'a' }, true)).toEqual([
      'title: must be a string (got number)',
      'limit: must be an integer (got string)',
      'when: must be a string (got number)',
    ]);
    // With the schema in sight, "is required" says what the field takes.
    expect(reasons(z.object({ updated: z.union([z.date(), z.iso.date()]) }), {}, true)).toEqual([
      'updated: is required (expected a date YYYY-MM-DD, e.g. 2026-01-31)',
    ]);
    const fields = z.object({
      kind: z.enum(['a', 'b']),
      n: z.int().optional().pipe(z.int()),
      tags: z.array(z.string()),
      when: z.iso.datetime(),
      on: z.boolean(),
      url: z.url(),
      cur: z.literal('USD'),
    });
    expect(reasons(fields, {}, true)).toEqual([
      'kind: is required (expected one of a, b)',
      'n: is required (expected an integer)',
      'tags: is required (expected a list)',
      'when: is required (expected an ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z)',
      'on: is required (expected true or false)',
      'url: is required (expected a URL, e.g. https://example.com/page)',
      'cur: is required (expected USD)',
    ]);
  });
});
