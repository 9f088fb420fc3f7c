/** The key from `Authorization: Bearer <key>` or `X-Api-Key: <key>`; Authorization wins when both are sent. */
export function requestKey(req: Request): string | undefined {
  const auth = req.headers.get('authorization');
  const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  if (m) return m[1];
  const x = req.headers.get('x-api-key')?.trim();
  return x || undefined;
}
