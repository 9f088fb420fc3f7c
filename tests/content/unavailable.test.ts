import { describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import postgres from 'postgres';
import { createContentApi } from '../../src/request/api/content/create-content-api.ts';
import { readConfig } from '../../src/model/config.ts';

const req = () => new Request('http://localhost/v1/projects', { headers: { authorization: `Bearer sk_live_${'w'.repeat(43)}` } });

describe('store unreachable', () => {
  it('refused connection: 503 unavailable with Retry-After, quickly', async () => {
    const sql = postgres('postgres://u:p@127.0.0.1:1/db', { connect_timeout: 2, max: 1 });
    const started = Date.now();
    const res = await createContentApi({ sql, config: readConfig() })(req());
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'unavailable' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(3000);
    await sql.end({ timeout: 0 });
  });

  it('a server that never answers: 503 after the bounded timeout, never a hang', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => {
      sockets.push(s);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const sql = postgres(`postgres://u:p@127.0.0.1:${port}/db`, { connect_timeout: 30, max: 1 });
    const started = Date.now();
    const res = await createContentApi({ sql, config: readConfig(), timeoutMs: 800 })(req());
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).not.toMatch(/at |stack|postgres:/i);
    expect(Date.now() - started).toBeLessThan(2500);
    for (const s of sockets) s.destroy();
    silent.close();
    await sql.end({ timeout: 0 });
  });
});
