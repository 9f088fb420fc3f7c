import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongEtag } from '../../src/model/core/etag.ts';
import { chooseEncoding, fileResponse, staticFiles } from '../../origin/static-files.ts';
import { writePrecompressed } from '../../src/build-time/write-precompressed.ts';

let dir: string;
const page = Buffer.from(`<!doctype html><title>t</title>${'<p>Canonical URLs and duplicate content. '.repeat(200)}`);
const big = Buffer.from('{"data":"'.concat('x'.repeat(300_000), '"}'));
const small = Buffer.from('{"ok":true}');
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://localhost${path}`, { method, headers });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(dir, 'glossary/x'), { recursive: true });
  writeFileSync(join(dir, 'glossary/x/index.html'), page);
  writeFileSync(join(dir, 'big.json'), big);
  writeFileSync(join(dir, 'small.json'), small);
  writeFileSync(join(dir, 'logo.png'), page);
  expect(await writePrecompressed(dir)).toEqual({ files: 2 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed variants', () => {
  it('are chosen by Accept-Encoding, each with its own strong ETag and Vary: Accept-Encoding', async () => {
    const files = staticFiles(dir);
    const file = files.get('/glossary/x/index.html')!;
    const id = strongEtag(page);
    expect(file.etag).toBe(id);

    const plain = fileResponse(get('/glossary/x/'), file, { vary: 'Accept' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(id);
    expect(plain.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(page.length));
    expect(Buffer.from(await plain.arrayBuffer()).equals(page)).toBe(true);

    const br = fileResponse(get('/glossary/x/', { 'accept-encoding': 'gzip, deflate, br' }), file);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`${id.slice(0, -1)}-br"`);
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(brBytes.length));
    expect(brotliDecompressSync(brBytes).equals(page)).toBe(true);

    const gz = fileResponse(get('/glossary/x/', { 'accept-encoding': 'br;q=0.5, gzip' }), file);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toBe(`${id.slice(0, -1)}-gz"`);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(page)).toBe(true);
  });

  it('answer 304 only for the ETag of the representation the client would get', () => {
    const file = staticFiles(dir).get('/glossary/x/index.html')!;
    const id = strongEtag(page);
    const brTag = `${id.slice(0, -1)}-br"`;
    expect(fileResponse(get('/glossary/x/', { 'accept-encoding': 'br', 'if-none-match': brTag }), file).status).toBe(304);
    expect(fileResponse(get('/glossary/x/', { 'accept-encoding': 'br', 'if-none-match': `W/${brTag}` }), file).status).toBe(304);
    expect(fileResponse(get('/glossary/x/', { 'accept-encoding': 'br', 'if-none-match': id }), file).status).toBe(200);
    expect(fileResponse(get('/glossary/x/', { 'if-none-match': id }), file).status).toBe(304);
    expect(fileResponse(get('/glossary/x/', { 'if-none-match': brTag }), file).status).toBe(200);
    const head = fileResponse(get('/glossary/x/', { 'accept-encoding': 'br' }, 'HEAD'), file);
    expect([head.status, head.headers.get('content-encoding'), head.body]).toEqual([200, 'br', null]);
  });

  it('are not written for small files or already compressed types, which keep no Vary', () => {
    const files = staticFiles(dir);
    for (const path of ['/small.json', '/logo.png']) {
      const res = fileResponse(get(path, { 'accept-encoding': 'br, gzip' }), files.get(path)!);
      expect([res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([null, null]);
    }
  });
});

describe('chooseEncoding', () => {
  const both = { br: 1, gzip: 1 };
  it.each([
    [null, undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['BR', 'br'],
  ])('%s -> %s', (header, want) => expect(chooseEncoding(header, both)).toBe(want));
  it('only among the variants there are', () => expect(chooseEncoding('br, gzip', { gzip: 1 })).toBe('gzip'));
});

describe('the file table', () => {
  it('streams files above the memory limit with the same bytes and ETag', async () => {
    const file = staticFiles(dir, { maxMemoryFile: 1000 }).get('/big.json')!;
    expect(file.body).toBeUndefined();
    const res = fileResponse(get('/big.json'), file);
    expect(res.headers.get('etag')).toBe(strongEtag(big));
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it('picks up a rebuilt file after the recheck interval and ignores a variant older than its file', async () => {
    // An interval long enough that the writes below fit inside it on a loaded machine (files run in parallel).
    const files = staticFiles(dir, { recheckMs: 400 });
    expect(files.get('/new.json')).toBeUndefined();
    const next = Buffer.from(`<p>${'rebuilt '.repeat(400)}</p>`);
    writeFileSync(join(dir, 'new.json'), small);
    writeFileSync(join(dir, 'glossary/x/index.html'), next);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'glossary/x/index.html'), later, later);
    expect(files.get('/new.json')).toBeUndefined(); // within the interval the table answers from memory
    await new Promise((r) => setTimeout(r, 450));
    expect(files.get('/new.json')?.etag).toBe(strongEtag(small));
    const file = files.get('/glossary/x/index.html')!;
    expect(file.etag).toBe(strongEtag(next));
    expect(file.variants).toEqual({});
    const res = fileResponse(get('/glossary/x/', { 'accept-encoding': 'br' }), file);
    expect([res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([null, null]);
  });

  it('refuses paths outside the root and directories', () => {
    const files = staticFiles(dir);
    expect(files.get('/../etc/passwd')).toBeUndefined();
    expect(files.get('/glossary/x')).toBeUndefined();
  });
});

describe('paths the file system refuses', () => {
  it('are missing files, not errors: under a file, too long, with a NUL', () => {
    const files = staticFiles(dir);
    for (const path of ['/small.json/x', `/${'a'.repeat(5000)}`, '/a\0b']) expect(files.get(path)).toBeUndefined();
  });
});
