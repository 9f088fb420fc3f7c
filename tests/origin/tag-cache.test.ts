// The local origin's cache of the blog's answers (origin/tag-cache.ts): whole answers kept by key until a purge of
// one of their tags, only the answers that may be kept, bounded by count and bytes, and never an answer rendered
// while one of its tags was purged.
import { describe, expect, it } from 'vitest';
import { createTagCache } from '../../origin/tag-cache.ts';
import { taggedHeaders } from '../../src/model/core/cache-tags.ts';
import type { StoredAnswer } from '../../origin/live-answers.ts';

/** A render that counts its calls and answers `status` with the tags given (none: no Cache-Tag). */
function renderer(tags: string[] = ['blog/a', 'blog'], status = 200) {
  const calls: string[] = [];
  const render = async (req: Request) => {
    calls.push(new URL(req.url).pathname);
    const headers = tags.length ? taggedHeaders(tags) : {};
    return new Response(status === 301 || status === 304 ? null : `body of ${new URL(req.url).pathname} #${calls.length}`, {
      status,
      headers: { 'content-type': 'text/html', ...headers, ...(status === 301 ? { location: '/blog/b/' } : {}) },
    });
  };
  return { render, calls };
}
const get = (path: string) => new Request(`http://localhost${path}`);
const answer = (tags: string[], bytes = 10, status = 200): StoredAnswer => ({
  status,
  headers: [['cache-tag', tags.join(',')]],
  body: new Uint8Array(bytes),
  tags,
});

describe('cachedRender', () => {
  it('keeps a tagged answer whole and answers the next request from it without rendering', async () => {
    const cache = createTagCache();
    const { render, calls } = renderer();
    const handler = cache.cachedRender(render);
    const first = await handler(get('/blog/a/'));
    const second = await handler(get('/blog/a/'));
    expect(calls).toEqual(['/blog/a/']);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('cache-tag')).toBe('blog/a,blog');
    expect(second.headers.get('content-type')).toBe('text/html');
  });

  it('keys by path and query: another query is another answer', async () => {
    const cache = createTagCache();
    const { render, calls } = renderer();
    const handler = cache.cachedRender(render);
    await handler(get('/blog/?a=1'));
    await handler(get('/blog/?a=2'));
    await handler(get('/blog/?a=1'));
    expect(calls).toHaveLength(2);
  });

  it('a purge of any tag an answer carries drops it; answers without that tag stay', async () => {
    const cache = createTagCache();
    const a = renderer(['blog/a', 'blog']);
    const b = renderer(['blog/b']);
    const ha = cache.cachedRender(a.render);
    const hb = cache.cachedRender(b.render);
    await ha(get('/blog/a/'));
    await hb(get('/blog/b/'));
    expect(cache.purge(['blog/a'])).toBe(1);
    await ha(get('/blog/a/'));
    await hb(get('/blog/b/'));
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(1);
    // The lists' tag drops every answer carrying it; every purge moves the version on (the origin's memo reads it).
    const version = cache.version;
    expect(cache.purge(['blog'])).toBe(1);
    expect(cache.size).toBe(1);
    expect(cache.version).toBeGreaterThan(version);
  });

  it('keeps 200, 301 and 404; never a 5xx, another status, or an answer without a Cache-Tag', async () => {
    for (const [status, kept] of [
      [200, true],
      [301, true],
      [404, true],
      [500, false],
      [502, false],
      [503, false],
      [304, false],
      [410, false],
    ] as const) {
      const cache = createTagCache();
      const { render, calls } = renderer(['blog'], status);
      const handler = cache.cachedRender(render);
      await handler(get('/blog/x/'));
      const again = await handler(get('/blog/x/'));
      expect(again.status).toBe(status);
      expect([status, calls.length]).toEqual([status, kept ? 1 : 2]);
    }
    const cache = createTagCache();
    const untagged = renderer([]);
    await cache.cachedRender(untagged.render)(get('/blog/'));
    await cache.cachedRender(untagged.render)(get('/blog/'));
    expect(untagged.calls).toHaveLength(2);
  });

  it('only a GET is answered from the cache', async () => {
    const cache = createTagCache();
    const { render, calls } = renderer();
    const handler = cache.cachedRender(render);
    await handler(new Request('http://localhost/blog/', { method: 'POST', body: 'x' }));
    await handler(new Request('http://localhost/blog/', { method: 'POST', body: 'x' }));
    expect(calls).toHaveLength(2);
  });

  it('an answer rendered while one of its tags was purged is served but not kept', async () => {
    const cache = createTagCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = renderer(['blog/a', 'blog']);
    const handler = cache.cachedRender(async (req) => {
      const res = slow.render(req); // reads the old article...
      await gate;
      return res;
    });
    const pending = handler(get('/blog/a/'));
    cache.purge(['blog/a']); // ...which a change replaced before the render finished
    release();
    expect((await pending).status).toBe(200);
    await handler(get('/blog/a/'));
    expect(slow.calls).toHaveLength(2);
    // A purge of an unrelated tag does not stop the next one being kept.
    const next = handler(get('/blog/c/'));
    cache.purge(['blog/zzz']);
    await next;
    await handler(get('/blog/c/'));
    expect(slow.calls).toHaveLength(3);
  });
});

describe('get and set (as live-answers.ts uses them)', () => {
  it('set keeps only what a missed get began, and nothing over a clear', () => {
    const cache = createTagCache();
    cache.set('k', answer(['blog'])); // no get missed first: not kept
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer(['blog']));
    expect(cache.get('k')?.tags).toEqual(['blog']);
    expect(cache.get('m')).toBeUndefined();
    cache.clear();
    cache.set('m', answer(['blog/m']));
    expect(cache.get('m')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded by count: the least recently used answer goes first, and its tags with it', () => {
    const cache = createTagCache({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) {
      cache.get(k);
      cache.set(k, answer([`blog/${k}`]));
    }
    cache.get('a'); // a is used: b is now the oldest
    cache.get('d');
    cache.set('d', answer(['blog/d']));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.purge(['blog/b'])).toBe(0);
    expect(cache.purge(['blog/a', 'blog/c', 'blog/d'])).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('is bounded by bytes, and an answer larger than the whole cache is not kept', () => {
    const cache = createTagCache({ maxBytes: 3000 });
    for (const k of ['a', 'b', 'c']) {
      cache.get(k);
      cache.set(k, answer(['blog'], 1000));
    }
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.get('huge');
    cache.set('huge', answer(['blog/huge'], 5000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.purge(['blog'])).toBe(2);
  });
});
