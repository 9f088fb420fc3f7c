// The one zod-issue formatter (in the spirit of Starlight's utils/error-map.ts): every place that tells a person
// what is wrong with their input (the content checker, the build, the CLI, query parameters, tool inputs) says it
// in the same words. `reason` is a lower-case predicate without a full stop that reads after a field name:
//   `Query parameter "limit" must be an integer of at least 1.`   `updated: is required`
// Pure: imports zod's types only, so the browser, the function and the build can all use it.
import type * as z from 'zod';

type Issue = z.core.$ZodIssue;
interface DescribedIssue {
  path: string;
  reason: string;
}

/** What the optional error map knows and a finished issue does not: the value and whether the number was an integer. */
interface Hints {
  input?: unknown;
  hasInput?: boolean;
  integer?: boolean;
  schema?: unknown;
}

/** zod's own English messages start like this; anything else was written in a schema and is used as it is. */
const DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'a map',
  set: 'a set',
  file: 'a file',
  function: 'a function',
  symbol: 'a symbol',
  null: 'null',
  nan: 'NaN',
};

const RECEIVED: Record<string, string> = { array: 'list', Date: 'date', 'Invalid Date': 'an invalid date' };

/** A string format: what it is and an example, for "must be ..." and "is required (expected ...)". */
const FORMATS: Record<string, [what: string, example?: string]> = {
  datetime: ['an ISO 8601 date-time', '2026-01-31T00:00:00Z'],
  date: ['a date YYYY-MM-DD', '2026-01-31'],
  time: ['a time HH:MM:SS', '13:45:00'],
  duration: ['an ISO 8601 duration', 'P3DT4H'],
  url: ['a URL', 'https://example.com/page'],
  email: ['an email address', 'name@example.com'],
  uuid: ['a UUID', '123e4567-e89b-12d3-a456-426614174000'],
  guid: ['a GUID', '123e4567-e89b-12d3-a456-426614174000'],
  ipv4: ['an IPv4 address', '192.0.2.1'],
  ipv6: ['an IPv6 address', '2001:db8::1'],
  cidrv4: ['an IPv4 range', '192.0.2.0/24'],
  cidrv6: ['an IPv6 range', '2001:db8::/32'],
  e164: ['an E.164 phone number', '+14155552671'],
  base64: ['base64-encoded'],
  base64url: ['base64url-encoded'],
  jwt: ['a JSON Web Token'],
  emoji: ['an emoji'],
  hostname: ['a host name', 'example.com'],
  lowercase: ['lower case'],
  uppercase: ['upper case'],
  json_string: ['a JSON string'],
};
const formatPhrase = ([what, example]: [string, string?]) => (example ? `${what} (expected e.g. ${example})` : what);

const list = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? v : String(v))).join(', ');
const plural = (n: number | bigint, word: string) => `${n} ${word}${n === 1 || n === 1n ? '' : 's'}`;
/** A message as a predicate: no trailing full stop, lower-case first letter. */
const predicate = (s: string) => s.replace(/\.$/, '').replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

/** The word for a value's type, as zod's "received ..." would name it. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid date' : 'date';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** "got number": from the value when the error map saw it, else from zod's default message. */
function received(issue: Issue, hints: Hints): string | undefined {
  if (hints.hasInput) return hints.input === undefined ? 'undefined' : typeOf(hints.input);
  const named = (issue as { received?: string }).received ?? /received (.+)$/.exec(issue.message)?.[1];
  return named === undefined ? undefined : (RECEIVED[named] ?? named);
}

function bound(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, hints: Hints): string {
  const small = issue.code === 'too_small';
  const n = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return `must be exactly ${plural(n, 'character')} long`;
      if (small && n === 1 && inclusive) return 'must not be empty';
      return `must be ${small ? 'at least' : 'at most'} ${plural(inclusive ? n : small ? Number(n) + 1 : Number(n) - 1, 'character')}`;
    case 'array':
    case 'set':
      if (issue.exact) return `must have exactly ${plural(n, 'item')}`;
      if (small && n === 1 && inclusive) return 'must have at least 1 item';
      return `must have ${small ? 'at least' : 'at most'} ${plural(inclusive ? n : small ? Number(n) + 1 : Number(n) - 1, 'item')}`;
    case 'date': {
      const d = new Date(Number(n)).toISOString();
      const shown = d.endsWith('T00:00:00.000Z') ? d.slice(0, 10) : d;
      return `must be ${small ? (inclusive ? 'on or after' : 'after') : inclusive ? 'on or before' : 'before'} ${shown}`;
    }
    case 'file':
      return `must be ${small ? 'at least' : 'at most'} ${plural(n, 'byte')}`;
    default: {
      const integer = hints.integer || issue.origin === 'int' || issue.origin === 'bigint';
      const word = inclusive ? (small ? 'at least' : 'at most') : small ? 'greater than' : 'less than';
      if (issue.exact) return `must be exactly ${n}`;
      return integer ? `must be an integer ${inclusive ? 'of ' : ''}${word} ${n}` : `must be ${word} ${n}`;
    }
  }
}

function format(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  const f = issue as Issue & { prefix?: string; suffix?: string; includes?: string; pattern?: string };
  switch (issue.format) {
    case 'starts_with':
      return `must start with "${f.prefix}"`;
    case 'ends_with':
      return `must end with "${f.suffix}"`;
    case 'includes':
      return `must contain "${f.includes}"`;
    case 'regex':
      return `must match the pattern ${f.pattern}`;
  }
  const known = FORMATS[issue.format];
  if (known) return `must be ${formatPhrase(known)}`;
  if (/^(md5|sha1|sha256|sha384|sha512)_(hex|base64|base64url)$/.test(issue.format)) {
    const [algorithm, encoding] = issue.format.split('_');
    return `must be a ${algorithm!.toUpperCase()} hash in ${encoding}`;
  }
  return `must be a valid ${issue.format.replaceAll('_', ' ')}`;
}

/** A union none of whose options matched: the option that got furthest, or the list of types it may be. */
function union(issue: Extract<Issue, { code: 'invalid_union' }>, hints: Hints): DescribedIssue {
  const here = issue.path;
  if ('discriminator' in issue && issue.discriminator !== undefined && 'options' in issue && issue.options)
    return { path: dotted(here), reason: `must be one of ${list(issue.options)}` };
  if (issue.inclusive === false) return { path: dotted(here), reason: 'matches more than one of the allowed forms' };
  const firsts = issue.errors.map((errs) => errs[0]).filter((i): i is Issue => i !== undefined);
  const typeOnly = firsts.every((i) => i.code === 'invalid_type' && i.path.length === 0);
  if (!typeOnly) {
    // The option whose first issue is deepest (or is not a type mismatch) is the one the writer meant.
    const depth = (errs: Issue[]) =>
      errs[0]?.code === 'invalid_type' && errs[0].path.length === 0 ? -1 : Math.max(...errs.map((i) => i.path.length));
    const best = [...issue.errors].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0]!;
    const inner = describeIssue(best[0]!);
    return { path: dotted([...here, ...best[0]!.path]), reason: inner.reason };
  }
  const got = received(issue, hints) ?? received(firsts[0]!, {});
  if (got === 'undefined') return { path: dotted(here), reason: required(hints) };
  const expected = [...new Set(firsts.map((i) => EXPECTED[(i as { expected: string }).expected] ?? (i as { expected: string }).expected))];
  const alternatives = expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : expected[0];
  return { path: dotted(here), reason: `must be ${alternatives}${got ? ` (got ${got})` : ''}` };
}

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

function reasonOf(issue: Issue, hints: Hints): DescribedIssue {
  const path = dotted(issue.path);
  if (!DEFAULT_MESSAGE.test(issue.message) && issue.message !== '') return { path, reason: issue.message };
  switch (issue.code) {
    case 'invalid_type': {
      const got = received(issue, hints);
      if (got === 'undefined' || issue.expected === 'nonoptional') return { path, reason: required(hints) };
      if (issue.expected === 'never' || issue.expected === 'undefined' || issue.expected === 'void')
        return { path, reason: 'must not be given' };
      const want = hints.integer && issue.expected === 'number' ? 'an integer' : (EXPECTED[issue.expected] ?? issue.expected);
      // An integer field given 1.5 got a number; say which one when it is known.
      if (issue.expected === 'int' && got === 'number')
        return { path, reason: hints.hasInput ? `must be an integer (got ${String(hints.input)})` : 'must be an integer' };
      return { path, reason: `must be ${want}${got ? ` (got ${got})` : ''}` };
    }
    case 'too_small':
    case 'too_big':
      return { path, reason: bound(issue, hints) };
    case 'invalid_format':
      return { path, reason: format(issue) };
    case 'not_multiple_of':
      return { path, reason: `must be a multiple of ${issue.divisor}` };
    case 'unrecognized_keys':
      return { path, reason: `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}` };
    case 'invalid_union':
      return union(issue, hints);
    case 'invalid_key': {
      const inner = issue.issues[0];
      return { path, reason: `is not an allowed key${inner ? ` (it ${reasonOf(inner, {}).reason})` : ''}` };
    }
    case 'invalid_element': {
      const inner = issue.issues[0];
      return { path, reason: `has an invalid element${inner ? ` (it ${reasonOf(inner, {}).reason})` : ''}` };
    }
    case 'invalid_value':
      if (hints.hasInput && hints.input === undefined) return { path, reason: required(hints) };
      return { path, reason: issue.values.length === 1 ? `must be ${list(issue.values)}` : `must be one of ${list(issue.values)}` };
    case 'custom':
      return { path, reason: issue.message === 'Invalid input' ? 'is not valid' : predicate(issue.message) };
    default:
      return { path, reason: predicate((issue as Issue).message) };
  }
}

/** One issue as a dotted path ('' for the root) and a reason that reads after the field's name. */
export function describeIssue(issue: Issue): DescribedIssue {
  return reasonOf(issue, {});
}

type Def = {
  type?: string;
  format?: string;
  options?: { _zod: { def: Def } }[];
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  entries?: Record<string, unknown>;
  values?: unknown[];
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
};
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** What a schema accepts, in words, for "is required (expected ...)" and help texts: `a date YYYY-MM-DD, e.g. 2026-01-31`. */
export function describeExpected(schema: unknown, depth = 0): string | undefined {
  const def = defOf(schema);
  if (!def || depth > 6) return undefined;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return describeExpected(def.innerType, depth + 1);
    case 'pipe':
      return describeExpected(def.in, depth + 1);
    case 'enum':
      return `one of ${list(Object.values(def.entries ?? {}))}`;
    case 'literal':
      return (def.values ?? []).length === 1 ? list(def.values!) : `one of ${list(def.values ?? [])}`;
    case 'union': {
      const options = (def.options ?? []).map((o) => describeExpected(o, depth + 1)).filter((o): o is string => !!o);
      // A date given as YAML date or as text: the text form says more.
      const withExample = options.find((o) => o.includes('e.g.'));
      return withExample ?? (options.length ? [...new Set(options)].join(' or ') : undefined);
    }
    case 'string': {
      const format = def.format ?? def.checks?.find((c) => c._zod.def.check === 'string_format')?._zod.def.format;
      const known = format ? FORMATS[format] : undefined;
      return known ? (known[1] ? `${known[0]}, e.g. ${known[1]}` : known[0]) : 'a string';
    }
    case 'number':
      return isInteger(schema) ? 'an integer' : 'a number';
    default:
      return def.type ? EXPECTED[def.type] : undefined;
  }
}

/** "is required", with what the field takes when the error map saw the schema. */
function required(hints: Hints): string {
  const expected = hints.schema ? describeExpected(hints.schema) : undefined;
  return expected ? `is required (expected ${expected})` : 'is required';
}

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);

/** True when the schema that raised the issue is an integer (`z.int()` or `z.number().int()`). */
function isInteger(schema: unknown): boolean {
  const def = (schema as { _zod?: { def?: { format?: string; checks?: { _zod: { def: { check?: string; format?: string } } }[] } } })?._zod
    ?.def;
  if (!def) return false;
  if (def.format && INTEGER_FORMATS.has(def.format)) return true;
  return def.checks?.some((c) => c._zod.def.check === 'number_format' && INTEGER_FORMATS.has(c._zod.def.format ?? '')) ?? false;
}

/**
 * Optional: pass as `schema.safeParse(value, { error: issueErrorMap })` to word issues while zod still knows the
 * value and the schema, so "must be an integer of at least 1" and "must be an integer (got 1.5)" come out exactly;
 * describeIssue then passes these messages through. A schema's own message still wins.
 */
export const issueErrorMap = (raw: z.core.$ZodRawIssue): string | undefined => {
  if (raw.message) return undefined;
  const issue = { ...raw, path: [], message: defaultLike(raw) } as unknown as Issue;
  const schema = raw.schema ?? raw.inst;
  return reasonOf(issue, { input: raw.input, hasInput: true, integer: isInteger(schema), schema }).reason;
};

/** A stand-in default message, so reasonOf treats the raw issue as zod's own wording. */
const defaultLike = (raw: z.core.$ZodRawIssue) =>
  raw.code === 'too_small' ? 'Too small' : raw.code === 'too_big' ? 'Too big' : 'Invalid input';
