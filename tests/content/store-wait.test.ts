// openStore waits a bounded, stated time for a store that refuses connections (a restarting server), then says so;
// errors that waiting cannot fix fail at once.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { openStore } from '../../src/store/open-store.ts';
import { readConfig } from '../../src/model/config.ts';
import { freePort } from '../../src/store/free-port.ts';
import { joinEmbedded } from '../../src/store/embedded.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('openStore on a store that is not there (yet)', () => {
  it('retries refused connections for waitMs, then names the wait and the cause', async () => {
    const port = await freePort();
    const t0 = Date.now();
    await expect(openStore({ config: readConfig(), databaseUrl: `postgres://u:p@127.0.0.1:${port}/db`, waitMs: 2000 })).rejects.toThrow(
      /^the store did not accept connections within 2 s \(.*ECONNREFUSED.*\); check DATABASE_URL and the server$/,
    );
    const ms = Date.now() - t0;
    expect(ms).toBeGreaterThanOrEqual(2000);
    expect(ms).toBeLessThan(4000);
  });

  it('connects once the server comes up within the wait', async () => {
    // The real server: the CI's second PostgreSQL, or an embedded one of this test's own.
    const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'skribra-wait-'));
    const embedded = dir ? await joinEmbedded(dir) : undefined;
    const url = new URL(process.env.DATABASE_URL || embedded!.url);
    const real = Number(url.port);
    // A proxy port that refuses for 700 ms, then forwards to the real server.
    const port = await freePort();
    const proxyUrl = new URL(url);
    proxyUrl.port = String(port);
    const { connect } = await import('node:net');
    const proxy = createServer((c) => {
      const s = connect(real, '127.0.0.1');
      c.pipe(s).pipe(c);
      s.on('error', () => c.destroy());
      c.on('error', () => s.destroy());
    });
    setTimeout(() => proxy.listen(port, '127.0.0.1'), 700);
    const store = await openStore({ config: readConfig(), databaseUrl: proxyUrl.toString(), waitMs: 10_000 });
    expect((await store.sql`select 1 as one`)[0]!.one).toBe(1);
    await store.close();
    proxy.close();
    await embedded?.release({ wait: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
});
