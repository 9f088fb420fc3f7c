// The sign-up's body: a plain HTML form post (application/x-www-form-urlencoded, the form without JavaScript) or a
// JSON object (the form's script), at most a few kilobytes, read as a map of field names to text.
import { ApiError } from '../http/api-error.ts';
import { readBodyText } from '../http/read-body-text.ts';

/** Four fields of at most a few thousand characters each, encoded: a bigger body is not a sign-up. */
export const MAX_SIGNUP_BYTES = 16 * 1024;

export interface SignupBody {
  /** A browser's plain form post: answered with a page or a redirect, not JSON. */
  form: boolean;
  fields: Record<string, unknown>;
}

/** Whether the request is the form posted by a browser without script (its answers are pages). */
export const isFormPost = (req: Request): boolean =>
  (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

export async function readSignupBody(req: Request): Promise<SignupBody> {
  const text = await readBodyText(req, MAX_SIGNUP_BYTES, 'The sign-up');
  if (isFormPost(req)) return { form: true, fields: Object.fromEntries(new URLSearchParams(text)) };
  if (!text.trim()) throw new ApiError(400, 'invalid_body', 'The sign-up is empty; send the form, or a JSON object with email and site.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_body', 'The sign-up is neither a form post nor a JSON object.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, 'invalid_body', 'The sign-up must be a JSON object with email and site.');
  return { form: false, fields: parsed as Record<string, unknown> };
}
