// The one rule for the two key headers, for every keyed surface (/v1 and /v1/mcp) and every text that states it
// (the 401's message, the API index, OpenAPI, the server card): a request's Authorization header, when it has one,
// decides; a malformed or non-Bearer one is no key, never a reason to read X-Api-Key instead.

/** The rule in words, as the docs and the machine-readable descriptions state it. */
export const KEY_HEADER_RULE =
  'Send the key as `Authorization: Bearer <key>` or as `X-Api-Key: <key>`. When Authorization is present it decides: a malformed or non-Bearer Authorization is 401, even beside a valid X-Api-Key.';

const BEARER = /^Bearer[ \t]+(\S+)$/i;

/** The key under the rule above, or undefined when the request carries none (a 401). */
export function requestKey(req: Request): string | undefined {
  const auth = req.headers.get('authorization');
  if (auth !== null) return BEARER.exec(auth)?.[1];
  return req.headers.get('x-api-key')?.trim() || undefined;
}
