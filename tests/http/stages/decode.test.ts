import { describe, expect, it } from 'vitest';
import { decode } from '../../../src/request/api/http/stages/decode.ts';

describe('decode stage', () => {
  it('parses the URL and decodes each segment once', () => {
    const { url, path } = decode(new Request('http://x/api/v1/glossary/caf%C3%A9/?q=1'));
    expect(url.search).toBe('?q=1');
    expect(path).toEqual({ segments: ['api', 'v1', 'glossary', 'café'], trailingSlash: true, clean: true });
  });

  it('leaves a doubly encoded dot as text, and marks a segment that names nothing', () => {
    expect(decode(new Request('http://x/a/%252e%252e/b')).path.segments).toEqual(['a', '%2e%2e', 'b']);
    const bad = decode(new Request('http://x/a/%E0%A4%A/%2F/%00')).path;
    expect(bad.segments).toEqual(['a', undefined, undefined, undefined]);
    expect(bad.clean).toBe(false);
  });
});
