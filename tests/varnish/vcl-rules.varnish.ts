// The shipped VCL (docs/varnish/skribra.vcl) in Debian's Varnish in front of an origin the test controls
// (fake-origin.ts): what it keeps and for how long, what it never keeps, Vary on Accept, the purge endpoint (xkey,
// localhost only, the count) and stale copies while the origin fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { sleep } from '../../src/store/process-alive.ts';
import { startFakeOrigin, type FakeOrigin } from './fake-origin.ts';
import { startVarnish, type Varnish } from './start-varnish.ts';

let origin: FakeOrigin;
let varnish: Varnish;

/** A GET through Varnish: status, body and the headers the tests read. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${varnish.url}${path}`, { headers });
  const body = await res.text();
  return { status: res.status, body, cache: res.headers.get('x-cache'), age: res.headers.get('age'), headers: res.headers };
}
const purge = (tags: string, init: RequestInit = {}) =>
  fetch(`${varnish.url}/_purge`, { method: 'POST', headers: { 'xkey-purge': tags }, ...init });

/** A purge from another loopback address (127.0.0.2), which the VCL's ACL does not list. */
function purgeFrom(localAddress: string): Promise<number> {
  const { hostname, port } = new URL(varnish.url);
  return new Promise((ok, fail) => {
    const req = request(
      { host: hostname, port, path: '/_purge', method: 'POST', localAddress, headers: { 'xkey-purge': 'list' } },
      (res) => {
        res.resume();
        ok(res.statusCode!);
      },
    );
    req.on('error', fail).end();
  });
}

beforeAll(async () => {
  origin = await startFakeOrigin();
  varnish = startVarnish(origin.url);
});

afterAll(async () => {
  varnish?.stop();
  await origin?.close();
});

describe('the shipped VCL', () => {
  it('keeps a tagged answer (Surrogate-Control) and a static page; the second request is a hit with an Age', async () => {
    for (const path of ['/tagged/keep', '/static']) {
      expect((await get(path)).cache).toBe('MISS');
      await sleep(1100);
      const second = await get(path);
      expect([path, second.cache, second.body]).toEqual([path, 'HIT', `${path.split('/').at(-1)} #1`]);
      expect(Number(second.age)).toBeGreaterThanOrEqual(1);
      expect(origin.fetches(path)).toBe(1);
    }
    // The cache's own headers stay in the cache; the browser's Cache-Control and the tags pass.
    const tagged = await get('/tagged/keep');
    expect(tagged.headers.get('surrogate-control')).toBeNull();
    expect(tagged.headers.get('xkey')).toBeNull();
    expect(tagged.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(tagged.headers.get('surrogate-key')).toBe('t/keep list');
  });

  it('never keeps no-store, private or Set-Cookie answers, nor answers to keyed requests', async () => {
    for (const path of ['/no-store', '/private', '/cookie']) {
      await get(path);
      const second = await get(path);
      expect([path, second.cache, second.body]).toEqual([path, 'MISS', `${path.slice(1)} #2`]);
    }
    await get('/keyed', { authorization: 'Bearer a' });
    expect((await get('/keyed', { authorization: 'Bearer a' })).body).toBe('keyed #2');
    expect((await get('/keyed', { 'x-api-key': 'a' })).body).toBe('keyed #3');
  });

  it('keeps one copy per Accept (the origin varies on it) and passes Accept through', async () => {
    const md = { accept: 'text/markdown' };
    const html = { accept: 'text/html' };
    expect(await get('/negotiated', md)).toMatchObject({ cache: 'MISS', body: '# markdown #1' });
    expect(await get('/negotiated', html)).toMatchObject({ cache: 'MISS', body: '<p>html #2</p>' });
    expect(await get('/negotiated', md)).toMatchObject({ cache: 'HIT', body: '# markdown #1' });
    expect(await get('/negotiated', html)).toMatchObject({ cache: 'HIT', body: '<p>html #2</p>' });
  });

  it('purges by tag on POST /_purge from localhost, answering how many it purged; other tags stay hits', async () => {
    for (const path of ['/tagged/a', '/tagged/b', '/tagged/c']) await get(path);
    const res = await purge('t/a t/b');
    expect([res.status, await res.text()]).toEqual([200, 'purged 2\n']);
    expect(await get('/tagged/a')).toMatchObject({ cache: 'MISS', body: 'a #2' });
    expect(await get('/tagged/b')).toMatchObject({ cache: 'MISS', body: 'b #2' });
    expect(await get('/tagged/c')).toMatchObject({ cache: 'HIT', body: 'c #1' });
    expect(await get('/static')).toMatchObject({ cache: 'HIT' });
    // One tag on many answers (the blog's lists): each is fetched again.
    expect(await (await purge('list')).text()).toMatch(/^purged [3-9]\d*\n$/);
    expect(await get('/tagged/c')).toMatchObject({ cache: 'MISS', body: 'c #2' });
  });

  it('refuses a purge from elsewhere, by another method or without tags', async () => {
    expect(await purgeFrom('127.0.0.2')).toBe(403);
    expect((await fetch(`${varnish.url}/_purge`)).status).toBe(405);
    expect((await fetch(`${varnish.url}/_purge`, { method: 'POST' })).status).toBe(400);
    expect(await get('/tagged/c')).toMatchObject({ cache: 'HIT', body: 'c #2' });
  });

  it('with the origin answering 5xx: a kept copy is served, a purged one too (stale-if-error), and no 5xx is kept', async () => {
    await get('/tagged/stale');
    await get('/tagged/purged');
    await purge('t/purged');
    await origin.fail(503);
    expect(await get('/tagged/stale')).toMatchObject({ status: 200, cache: 'HIT', body: 'stale #1' });
    expect(await get('/tagged/purged')).toMatchObject({ status: 200, cache: 'STALE', body: 'purged #1' });
    expect(await get('/tagged/never-kept')).toMatchObject({ status: 503, body: 'origin failed' });
    await origin.fail(undefined);
    // The origin answers again: the purged copy is fetched again, the failure was not kept.
    expect(await get('/tagged/purged')).toMatchObject({ status: 200, cache: 'MISS' });
    expect((await get('/tagged/purged')).body).toMatch(/^purged #\d+$/);
    expect(await get('/tagged/never-kept')).toMatchObject({ status: 200, cache: 'MISS' });
  });

  it('with the origin down (no connection): a purged copy is still served; without one, a 503', async () => {
    await get('/tagged/down');
    await purge('t/down');
    await origin.fail('down');
    try {
      expect(await get('/tagged/down')).toMatchObject({ status: 200, cache: 'STALE', body: 'down #1' });
      expect((await get('/tagged/nothing-kept')).status).toBe(503);
    } finally {
      await origin.fail(undefined);
    }
    // Varnish waits backend_remote_error_holddown (0.25 s) after a refused connection before it connects again.
    await sleep(300);
    expect(await get('/tagged/down')).toMatchObject({ status: 200, cache: 'MISS', body: 'down #2' });
  });
});
