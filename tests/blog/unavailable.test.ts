// The blog's store unreachable: /api/v1/articles* answer 502 upstream_unavailable fast, uncached, while every
// other public route keeps answering.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect } from '../../src/store/open-store.ts';
import { readConfig } from '../../src/model/config.ts';
import { createStoreArticleSource } from '../../src/request/blog/store-article-source.ts';
import { publicApi, SITE } from './helpers.ts';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

let closedPort: number;
let blackHolePort: number;
const blackHole = createServer();
const sockets: Socket[] = [];

beforeAll(async () => {
  // A port that was just free and is closed again: connections are refused.
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise((r) => probe.close(r));
  // A host that accepts the connection and never says a word: only the timeout ends the wait.
  blackHole.on('connection', (s) => sockets.push(s));
  blackHolePort = await listen(blackHole);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => blackHole.close(r));
});

async function expectUpstreamUnavailable(get: ReturnType<typeof publicApi>, path: string) {
  const r = await get(path);
  expect(r.status, path).toBe(502);
  expect(r.body).toEqual({ code: 'upstream_unavailable', message: expect.any(String) });
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
}

describe.each([
  ['refused (closed port)', () => closedPort],
  ['stalled (black hole, bounded by the timeout)', () => blackHolePort],
])('store %s', (_, port) => {
  test('articles answer 502 within the bound; the rest of the API is unaffected', async () => {
    const sql = connect(`postgres://skribra:x@127.0.0.1:${port()}/skribra`, 1, readConfig());
    try {
      const get = publicApi(createStoreArticleSource({ sql, site: SITE, projectId: 'prj_blog', timeoutMs: 400 }));
      const started = performance.now();
      await expectUpstreamUnavailable(get, '/api/v1/articles');
      await expectUpstreamUnavailable(get, '/api/v1/articles/some-post?format=both');
      expect(performance.now() - started).toBeLessThan(2000);
      // Query errors are still 400: they are checked before the source is asked.
      expect((await get('/api/v1/articles?limit=abc')).status).toBe(400);
      for (const path of [
        '/api/v1/',
        '/api/v1/health',
        '/api/v1/pages',
        '/api/v1/glossary',
        '/api/v1/glossary/canonical-url',
        '/api/v1/tools',
        '/api/v1/pricing',
      ]) {
        const r = await get(path);
        expect(r.status, path).toBe(200);
        expect(r.body.data).toBeDefined();
      }
    } finally {
      await sql.end({ timeout: 0 });
    }
  });
});
