import { strongEtag } from '../../../model/core/etag.ts';
import type { CachedPage } from './list-cache.ts';

/**
 * A finished answer: its JSON text as UTF-8 bytes, their ETag and any headers of its own. Encoded once, here: hashing
 * the text and then writing it to the socket would encode it twice.
 */
export const encodedAnswer = (text: string, headers?: Record<string, string>): CachedPage => {
  const body = Buffer.from(text);
  return { body, etag: strongEtag(body), ...(headers ? { headers } : {}) };
};
