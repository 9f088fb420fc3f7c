// Builders for query parameters. A query string holds only strings; each builder turns the string into the value the
// handler reads and keeps, on its input side, the JSON Schema type a client should send (integer, boolean,
// date-time), so the OpenAPI parameters generated from these schemas (z.toJSONSchema, io: 'input') describe what
// the service accepts, and nothing it does not enforce.
import * as z from 'zod';
import { CONTROL } from '../core/decode-path.ts';

/** The largest page or limit a client may send: integers past 2^53 cannot be paged through exactly. */
export const MAX_INT = Number.MAX_SAFE_INTEGER;
/**
 * What a bad page or limit is told. No upper bound named: the only one is MAX_INT, which no page of the docs names
 * (a limit's cap is not a refusal, its description says it). tests/http/bounds-in-messages.test.ts holds every
 * message's bounds to the OpenAPI document's.
 */
const INT_ERROR = 'must be a positive integer';

const toInt = (v: unknown) => (v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/**
 * A positive integer: absent or empty gives `fallback`; above `cap` is capped (spec section 8), never refused, so the
 * schema's `maximum` is the refusal bound and the cap is stated in the description.
 */
export function intParam(fallback: number, description: string, cap?: number): z.ZodType<number, unknown>;
export function intParam(fallback: undefined, description: string, cap?: number): z.ZodType<number | undefined, unknown>;
export function intParam(fallback: number | undefined, description: string, cap?: number): z.ZodType<number | undefined, unknown> {
  return z
    .preprocess(toInt, z.int({ error: INT_ERROR }).min(1, { error: INT_ERROR }).max(MAX_INT, { error: INT_ERROR }).optional())
    .transform((n) => (n === undefined ? fallback : cap ? Math.min(n, cap) : n))
    .meta({ description, ...(fallback === undefined ? {} : { default: fallback }) });
}

const BOOLS: Record<string, boolean | undefined> = { true: true, 1: true, false: false, 0: false, '': undefined };

/** `true`/`false` (also `1`/`0`); absent or empty is false. */
export const boolParam = (description: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v in BOOLS ? BOOLS[v] : v),
      z.boolean({ error: 'must be true or false (also 1 or 0)' }).optional(),
    )
    .transform((v) => v ?? false)
    .meta({ description, default: false });

/** What `textParam` needs beyond its length: a least length, counted after trimming, and what falling short is told. */
interface TextBounds {
  /** Surrounding whitespace is trimmed and at least this many characters must remain. */
  min?: number;
  tooShort?: string;
}

/**
 * Free text without control characters (they could not be stored, searched or echoed safely), at most `max`
 * characters; with `min`, trimmed first and at least `min` long. Both bounds are checks of one string, so the
 * OpenAPI parameter (io: 'input') declares each bound a message names (tests/http/bounds-in-messages.test.ts).
 */
export const textParam = (max: number, { min, tooShort = 'is required' }: TextBounds = {}) =>
  (min === undefined ? z.string() : z.string({ error: 'is required' }).trim().min(min, { error: tooShort }))
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !CONTROL.test(s), { error: 'must not contain control characters' });

/** An ISO 8601 date-time with offset; a `+` sent unencoded arrives as a space and is put back. */
export const dateTimeParam = (description: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(' ', '+') : v),
      z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z' }),
    )
    .transform((s) => new Date(s))
    .meta({ description });

/** A path segment naming a resource: what slugs look like, so anything else is a 404 before any lookup. */
export const slugSegment = () =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(200)
    .meta({ description: 'The resource slug.' });

/** An image named by its content key (src/request/seo/og-image-key.ts): 16 hex digits and `.png`; anything else names nothing. */
export const imageSegment = () =>
  z
    .string()
    .regex(/^[0-9a-f]{16}\.png$/)
    .meta({ description: "The image's content key." });
