// Webhook signing secrets at rest: sealed with AES-256-GCM under SKRIBRA_SECRETS_KEY, a key that lives in the
// environment, never in the database, so a copy of the database (a dump, a backup, a read-only breach) cannot sign
// messages that customers' endpoints would trust. A secret must be recoverable to sign with, so it cannot be hashed
// like an API key. Without the key (local development) secrets are stored as given, and a sealed value met without
// the key, or with another one, is an error that says so. A value stored before the key was set stays readable and
// is sealed at its next change (a new URL or a rotation).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc1:';

/** SKRIBRA_SECRETS_KEY: 32 random bytes, base64 (`openssl rand -base64 32`). */
export function secretsKey(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SKRIBRA_SECRETS_KEY must be 32 bytes, base64 (openssl rand -base64 32)');
  return key;
}

export function sealSecret(plain: string, key: Buffer | undefined): string {
  if (!key) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSecret(stored: string, key: Buffer | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!key) throw new Error('a webhook secret is sealed but SKRIBRA_SECRETS_KEY is not set');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('a webhook secret cannot be opened: SKRIBRA_SECRETS_KEY is not the key it was sealed with');
  }
}
