import { describe, expect, it } from 'vitest';
import { listen } from '../../origin/serve.ts';
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
});
