// The answer memo in front of the pipeline (origin/answer-memo.ts), over real HTTP: whatever it sends again must
// be what the pipeline sends, for every file, method and negotiated header, and a changed file shows within the
// file table's window.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/built-site.ts';
import { createLocalOrigin } from '../../origin/local-origin.ts';
import { readConfig } from '../../src/model/config.ts';
import { listen } from '../../origin/serve.ts';
import { fileResponse, RECHECK_MS, type StaticFile } from '../../origin/static-files.ts';
import { createAnswerMemo } from '../../origin/answer-memo.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers of the connection, not of the answer; the length is checked against the body instead (Node adds it). */
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}
const seen = async (res: Response): Promise<Seen> => {
  const body = Buffer.from(await res.arrayBuffer());
  const length = res.headers.get('content-length');
  if (length !== null && body.length > 0) expect(Number(length)).toBe(body.length);
  return { status: res.status, headers: Object.fromEntries([...res.headers].filter(([k]) => !HOP.has(k))), body: body.toString('base64') };
};

let handler: (req: Request) => Promise<Response>;
let server: { port: number; close: () => Promise<void> };
let base: string;
beforeAll(async () => {
  handler = createLocalOrigin({ distDir: (await builtSite()).distDir, config: readConfig() }).handler;
  server = await listen(handler, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
});

const PATHS = [
  '/api/v1/pricing',
  '/api/v1/glossary',
  '/api/v1/glossary/canonical-url',
  '/glossary/canonical-url/',
  '/glossary/canonical-url.md',
  '/glossary/canonical-url',
  '/',
  '/llms.txt',
  '/openapi.json',
  '/sitemap.xml',
  '/robots.txt',
  '/no-such-page/',
  '/api/v1/no-such',
  '/api/v1/pricing?x=1',
];

describe('the answer memo', () => {
  it('sends again exactly what the pipeline sends, for any file, method and negotiated headers', async () => {
    const request = fc.record({
      path: fc.constantFrom(...PATHS),
      method: fc.constantFrom('GET', 'GET', 'HEAD'),
      acceptEncoding: fc.option(fc.constantFrom('br', 'gzip', 'gzip, br', 'br;q=0', 'identity', '*', 'gzip;q=0.5, br;q=0.4'), {
        nil: undefined,
      }),
      accept: fc.option(fc.constantFrom('text/markdown', 'text/html', 'text/markdown;q=0.9, text/html', '*/*'), { nil: undefined }),
      revalidate: fc.constantFrom('none', 'own', 'other', 'star'),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = {};
        if (r.acceptEncoding) headers['accept-encoding'] = r.acceptEncoding;
        if (r.accept) headers.accept = r.accept;
        if (r.revalidate !== 'none') {
          const first = await handler(new Request(`${base}${r.path}`, { headers }));
          headers['if-none-match'] =
            r.revalidate === 'other' ? '"other"' : r.revalidate === 'star' ? '*' : (first.headers.get('etag') ?? '"none"');
        }
        const expected = await seen(await handler(new Request(`${base}${r.path}`, { method: r.method, headers })));
        // The first request may fill the memo, the second may come from it: both equal the pipeline's answer.
        for (let i = 0; i < 2; i++) {
          const got = await seen(await fetch(`${base}${r.path}`, { method: r.method, headers, redirect: 'manual' }));
          expect(got).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows a changed file once the file table would', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'skribra-memo-'));
    const own = await (async () => {
      cpSync((await builtSite()).distDir, dist, { recursive: true });
      return listen(createLocalOrigin({ distDir: dist, config: readConfig() }).handler, 0, '127.0.0.1');
    })();
    try {
      const url = `http://127.0.0.1:${own.port}/robots.txt`;
      const before = await (await fetch(url)).text();
      expect(await (await fetch(url)).text()).toBe(before);
      writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /changed\n');
      await new Promise((r) => setTimeout(r, RECHECK_MS + 100));
      const after = await fetch(url);
      expect(await after.text()).toBe('User-agent: *\nDisallow: /changed\n');
    } finally {
      await own.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('keeps no answer under a key of hostile length, and none for a query string or a HEAD', () => {
    const bytes = Buffer.from('# Title\n');
    const file: StaticFile = {
      etag: '"e"',
      size: bytes.length,
      body: bytes,
      path: '/x.md',
      type: 'text/markdown; charset=utf-8',
      variants: {},
      derived: new Map(),
    };
    const memo = createAnswerMemo();
    const sent: unknown[] = [];
    const res = {
      writeHead: (...a: unknown[]) => {
        sent.push(a);
        return { end: () => {} };
      },
      end: () => {},
    } as unknown as ServerResponse;
    const req = (url: string, accept: string, method = 'GET') => ({ method, url, headers: { accept } }) as unknown as IncomingMessage;
    const answer = () => fileResponse(new Request('http://x/a'), file, { vary: 'Accept' });
    for (const [url, accept, method] of [
      ['/a', 'x'.repeat(3000), 'GET'],
      ['/a?q=1', 'text/html', 'GET'],
      ['/b', 'text/html', 'HEAD'],
    ] as const) {
      memo.remember(req(url, accept, method), answer());
      expect(memo.answer(req(url, accept, method), res), url).toBe(false);
    }
    memo.remember(req('/a', 'text/html'), answer());
    expect(memo.answer(req('/a', 'text/html'), res)).toBe(true);
    expect(memo.answer(req('/a', 'text/markdown'), res)).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
