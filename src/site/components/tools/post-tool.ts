// Calls a server tool of this site (/tools-api/{slug}); errors come back as the API's own message.
export type ToolAnswer<T> = { ok: true; data: T } | { ok: false; message: string };

export async function postTool<T>(slug: string, body: unknown): Promise<ToolAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(`/tools-api/${slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: 'The tool could not be reached. Check your connection and try again.' };
  }
  const json = (await res.json().catch(() => undefined)) as { data?: T; code?: string; message?: string } | undefined;
  if (res.ok && json?.data !== undefined) return { ok: true, data: json.data };
  const wait = res.headers.get('retry-after');
  return { ok: false, message: json?.message ?? `The tool answered ${res.status}.${wait ? ` Try again in ${wait} s.` : ''}` };
}
