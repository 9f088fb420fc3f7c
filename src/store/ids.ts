import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Prefixed random ids: `acc_…`, `prj_…`, `art_…`, `key_…`. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** A key's 36 bytes: 32 random, then the CRC-32 of those 32 (big-endian) as its check digits. */
const RANDOM_BYTES = 32;
const checkOf = (random: Buffer) => {
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(random));
  return check;
};

/** An API key: shown once, never stored. `sk_live_` + 48 base64url characters, the last 6 its check digits. */
export const newApiKey = () => {
  const random = randomBytes(RANDOM_BYTES);
  return `sk_live_${Buffer.concat([random, checkOf(random)]).toString('base64url')}`;
};

/** A key made before check digits: `sk_live_` + 43 base64url characters (32 random bytes). Still valid. */
const LEGACY_KEY = /^sk_live_[A-Za-z0-9_-]{43}$/;
const CHECKED_KEY = /^sk_live_[A-Za-z0-9_-]{48}$/;

/** Whether a key made before check digits has this shape; only a lookup tells whether it is valid. */
export const isLegacyKey = (key: string): boolean => LEGACY_KEY.test(key);

/**
 * Whether a string can be a key we made: a key whose check digits hold, or a key of the shape made before them.
 * Anything else (junk, a typo, a fuzzer's guess) is refused without a lookup. Check digits are no secret: a key that
 * passes is still looked up like any other.
 */
export const isKeyShaped = (key: string): boolean => {
  if (isLegacyKey(key)) return true;
  if (!CHECKED_KEY.test(key)) return false;
  const bytes = Buffer.from(key.slice('sk_live_'.length), 'base64url');
  return bytes.subarray(RANDOM_BYTES).equals(checkOf(bytes.subarray(0, RANDOM_BYTES)));
};

/** What the store keeps of a key, and what a request's key is looked up by (one-shot: a quarter of a Hash object's cost). */
export const keyDigest = (key: string) => hash('sha256', key, 'hex');

/** A recognisable, harmless tail for operators: `sk_live_…AbC1`. */
export const keyHint = (key: string) => `sk_live_…${key.slice(-4)}`;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
