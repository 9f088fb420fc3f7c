import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS, listen } from '../../origin/serve.ts';
import { CLIENT_ADDRESS } from '../../src/request/api/http/client-address.ts';

const echoAddress = async (req: Request) => new Response(req.headers.get(CLIENT_ADDRESS) ?? 'none');
const claims = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9', [CLIENT_ADDRESS]: '192.0.2.1', 'x-nf-client-connection-ip': '192.0.2.2' };

describe('listen', () => {
  it('gives handlers the socket address, whatever the client claims', async () => {
    const server = await listen(echoAddress, 0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: claims });
    expect(await res.text()).toBe('127.0.0.1');
    await server.close();
  });

  it('behind a trusted proxy, the right-most X-Forwarded-For hop (the one the proxy appended)', async () => {
    const server = await listen(echoAddress, 0, '127.0.0.1', true);
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: claims });
    expect(await res.text()).toBe('203.0.113.9');
    await server.close();
  });

  it('stops within its grace while a change stream is open, and lets a request in flight finish first', async () => {
    let finish = () => {};
    const handler = async (req: Request) => {
      if (new URL(req.url).pathname === '/slow') return new Promise<Response>((r) => (finish = () => r(new Response('done'))));
      // A stream that never ends of itself, as GET /v1/events is until its bound (900 s on the local origin).
      const body = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(': open\n\n')) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    };
    const server = await listen(handler, 0, '127.0.0.1');
    const stream = await new Promise<import('node:http').IncomingMessage>((r) =>
      request(`http://127.0.0.1:${server.port}/events`, r).end(),
    );
    stream.on('data', () => {});
    const slow = fetch(`http://127.0.0.1:${server.port}/slow`).then((r) => r.text());
    await sleep(100);
    const stopped = server.close().then(() => 'stopped');
    setTimeout(finish, CLOSE_GRACE_MS / 2);
    expect(await Promise.race([stopped, sleep(CLOSE_GRACE_MS + 3000, 'still open')])).toBe('stopped');
    expect(await slow).toBe('done');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`requests in flight get ${CLOSE_GRACE_MS / 1000} s to finish`);
  });
});
