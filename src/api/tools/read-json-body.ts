import { ApiError } from '../http/api-error.ts';

/** The largest body a tool accepts: a long article's HTML fits, a dump of a whole site does not. */
export const MAX_BODY_BYTES = 200 * 1024;

const tooLarge = () => new ApiError(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);

/**
 * Reads at most MAX_BODY_BYTES (a declared Content-Length over the cap is refused before reading; a body without one
 * is cut off while streaming) and parses it as JSON; a parse error is 400 `invalid_body` naming what went wrong.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      // A client that goes away mid-body is an expected event: a 400 nobody reads, not an unhandled error.
      const { done, value } = await reader.read().catch(() => {
        throw new ApiError(400, 'invalid_body', 'The request body could not be read: the connection closed.');
      });
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) throw new ApiError(400, 'invalid_body', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, 'invalid_body', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}
