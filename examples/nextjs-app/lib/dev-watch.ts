// `next dev` has no public URL for the webhook: instead, the change stream (client.watch), started once from
// instrumentation.ts. revalidateTag works only inside a request, so each change is handed to this server's own
// dev-only route (app/api/skribra-dev-revalidate), with a token made for this process.
import { randomUUID } from 'node:crypto';
import { projectId, skribra } from './skribra';

const state = globalThis as { skribraDevWatch?: AbortController };

export function startDevWatch(): void {
  if (!projectId) return void console.warn('skribra: SKRIBRA_PROJECT_ID is not set; pages will not revalidate on changes');
  state.skribraDevWatch?.abort(); // register() again in the same process: one stream, not two
  const controller = new AbortController();
  state.skribraDevWatch = controller;
  process.env.SKRIBRA_DEV_REVALIDATE_TOKEN ??= randomUUID();
  const url = `http://localhost:${process.env.PORT ?? 3000}/api/skribra-dev-revalidate`;
  const follow = async () => {
    for await (const change of skribra.watch(projectId, { signal: controller.signal })) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${process.env.SKRIBRA_DEV_REVALIDATE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ slug: change.slug }),
      }).catch((err: Error) => err);
      if (res instanceof Error || !res.ok)
        console.warn(`skribra: ${change.type} ${change.slug} not revalidated (${res instanceof Error ? res.message : res.status})`);
    }
  };
  follow().catch((err: Error) => console.error(`skribra: stopped watching ${projectId} (${err.message}); restart next dev to try again`));
}
