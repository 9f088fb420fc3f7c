import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../src/origin/serve.ts';

const echoAddress = async (req: Request) => new Response(req.headers.get('x-forwarded-for') ?? 'none');
afterEach(() => { delete process.env.SKRIBRA_TRUST_PROXY; });

describe('listen', () => {
  it('replaces a client-supplied X-Forwarded-For with the socket address', async () => {
    const server = await listen(echoAddress, 0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await res.text()).toBe('127.0.0.1');
    await server.close();
  });

  it('keeps the header behind a trusted proxy', async () => {
    process.env.SKRIBRA_TRUST_PROXY = '1';
    const server = await listen(echoAddress, 0, '127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await res.text()).toBe('203.0.113.9');
    await server.close();
  });
});
