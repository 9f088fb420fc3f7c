import { createHash, randomBytes } from 'node:crypto';

/** Prefixed random ids: `acc_…`, `prj_…`, `art_…`, `key_…`. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** An API key: shown once, never stored. */
export const newApiKey = () => `sk_live_${randomBytes(32).toString('base64url')}`;

/** Whether a string can be a key `newApiKey` made: anything else is refused without a lookup. */
export const isKeyShaped = (key: string): boolean => /^sk_live_[A-Za-z0-9_-]{43}$/.test(key);

/** What the store keeps of a key, and what a request's key is looked up by. */
export const keyDigest = (key: string) => createHash('sha256').update(key).digest('hex');

/** A recognisable, harmless tail for operators: `sk_live_…AbC1`. */
export const keyHint = (key: string) => `sk_live_…${key.slice(-4)}`;

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
