import { describe, expect, it } from 'vitest';
import { handle } from '../../../src/request/api/http/stages/handle.ts';
import { Reply } from '../../../src/request/api/http/respond.ts';
import { strongEtag } from '../../../src/model/core/etag.ts';
import type { Ctx, ApiImplementation } from '../../../src/request/api/http/api-implementation.ts';
import { endpoint } from './endpoint.ts';

const ctx = (id: string): Ctx => ({
  req: new Request('http://x/'),
  url: new URL('http://x/'),
  endpoint: endpoint(id),
  params: {},
  query: { page: 2 },
  access: undefined,
  dispatch: async () => new Response(null),
});
const run = (answer: (c: Ctx<never>) => unknown) =>
  handle({ handlers: { getPricing: answer } } satisfies ApiImplementation, ctx('getPricing'));

describe('handle stage', () => {
  it('serialises a plain value as JSON with a newline and its strong ETag', async () => {
    expect(await run(({ query }) => ({ data: query }))).toEqual({
      body: '{"data":{"page":2}}\n',
      etag: strongEtag('{"data":{"page":2}}\n'),
      headers: {},
    });
  });

  it("keeps a Reply's headers and a prepared body as it is", async () => {
    expect(await run(() => new Reply({ a: 1 }, { 'x-robots-tag': 'noindex' }))).toMatchObject({
      body: '{"a":1}\n',
      headers: { 'x-robots-tag': 'noindex' },
    });
    expect(await run(() => new Reply(undefined, {}, { body: 'T\n', etag: '"e"' }))).toEqual({ body: 'T\n', etag: '"e"', headers: {} });
    const bytes = Buffer.from('T\n');
    expect((await run(() => new Reply(undefined, {}, { body: bytes, etag: '"e"' }))).body).toBe(bytes);
  });

  it("passes a handler's own Response through whole", async () => {
    const own = new Response('rpc', { status: 202 });
    expect(await run(() => own)).toBe(own);
  });
});
