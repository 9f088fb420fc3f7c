// A request body as text, at most `maxBytes`: a declared Content-Length over the cap is refused before reading, a body
// without one is cut off while streaming. `what` names the body in the errors ("The request body", "The sign-up").
import { ApiError } from './api-error.ts';

export async function readBodyText(req: Request, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () => new ApiError(413, 'payload_too_large', `${what} is larger than ${maxBytes / 1024} KB.`);
  if (Number(req.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A client that goes away mid-body is an expected event: a 400 nobody reads, not an unhandled error.
    const { done, value } = await reader.read().catch(() => {
      throw new ApiError(400, 'invalid_body', `${what} could not be read: the connection closed.`);
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
