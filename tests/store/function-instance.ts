// One Netlify function instance in its own process, as Netlify runs many side by side: the content API function
// (functions/content-api.mts) and the scheduled webhook sender (functions/webhook-retry.mts), each module imported
// as the platform imports it (it reads its environment and opens its own small pool at load), and invoked through the
// check:netlify harness's router (scripts/netlify/functions-host.ts). A scheduled function has no URL on Netlify; here
// POST /__scheduled/webhook-retry runs it, as the scheduler would. Prints PORT=<port> once listening.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createFunctionRouter, type LoadedFunction } from '../../scripts/netlify/functions-host.ts';

const dir = join(import.meta.dirname, '..', '..', 'functions');
const functions: LoadedFunction[] = [];
for (const name of ['content-api', 'webhook-retry']) {
  const mod = await import(pathToFileURL(join(dir, `${name}.mts`)).href);
  functions.push({ name, config: mod.config ?? {}, handler: mod.default });
}
const router = createFunctionRouter(functions);
const scheduled = functions.find((f) => f.name === 'webhook-retry')!;

const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req: Request) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/__scheduled/webhook-retry' && req.method === 'POST') return router.invoke(scheduled, req);
    const f = router.match(pathname, req.method);
    return f ? router.invoke(f, req) : new Response('no function here', { status: 404 });
  },
});
server.once('listening', () => {
  const address = server.address();
  process.stdout.write(`PORT=${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
