import { ApiError } from '../http/api-error.ts';
import { readBodyText } from '../http/read-body-text.ts';

/** The largest body a tool accepts: a long article's HTML fits, a dump of a whole site does not. */
export const MAX_BODY_BYTES = 200 * 1024;

/**
 * Reads at most MAX_BODY_BYTES (read-body-text.ts) and parses it as JSON; a parse error is 400 `invalid_body` naming
 * what went wrong.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await readBodyText(req, MAX_BODY_BYTES, 'The request body');
  if (!text.trim()) throw new ApiError(400, 'invalid_body', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, 'invalid_body', `The request body is not valid JSON: ${(err as Error).message}.`);
  }
}
