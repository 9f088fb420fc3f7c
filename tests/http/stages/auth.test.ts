import { describe, expect, it } from 'vitest';
import { auth } from '../../../src/request/api/http/stages/auth.ts';
import type { AuthInput, ApiImplementation } from '../../../src/request/api/http/api-implementation.ts';
import { CLIENT_ADDRESS } from '../../../src/request/api/http/client-address.ts';
import { endpoint } from './endpoint.ts';

const validated = { params: { slug: 's' }, query: { projectId: 'p' }, problem: undefined };
const implementation = (seen: AuthInput[] = []): ApiImplementation => ({
  handlers: {},
  authenticate: async (input) => {
    seen.push(input);
    return { account: 'a1' };
  },
});

describe('auth stage', () => {
  it('lets an open endpoint through with no access, asking nobody', async () => {
    const seen: AuthInput[] = [];
    expect(await auth(new Request('http://x/api/v1/pricing'), implementation(seen), endpoint('getPricing'), validated)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('401 with WWW-Authenticate when an account-key endpoint gets no key', async () => {
    await expect(auth(new Request('http://x/v1/projects'), implementation(), endpoint('listOwnProjects'), validated)).rejects.toMatchObject(
      {
        status: 401,
        code: 'unauthorized',
        headers: { 'www-authenticate': 'Bearer realm="skribra"' },
      },
    );
  });

  it('hands the API the key, the validated values and the stamped address, and returns its access', async () => {
    const seen: AuthInput[] = [];
    const req = new Request('http://x/v1/articles/s?projectId=p', { headers: { 'x-api-key': 'sk_live_k', [CLIENT_ADDRESS]: '192.0.2.1' } });
    expect(await auth(req, implementation(seen), endpoint('getOwnArticle'), validated)).toEqual({ account: 'a1' });
    expect(seen).toMatchObject([{ key: 'sk_live_k', endpoint: { id: 'getOwnArticle' }, params: { slug: 's' }, query: { projectId: 'p' } }]);
  });
  it('50.10: one rule for the two key headers: Authorization, when present, decides; X-Api-Key only without it', async () => {
    const keyOf = async (headers: Record<string, string>) => {
      const seen: AuthInput[] = [];
      const req = new Request('http://x/v1/projects', { headers });
      const out = await auth(req, implementation(seen), endpoint('listOwnProjects'), validated).catch((e: { status: number }) => e.status);
      return out === 401 ? 401 : seen[0]!.key;
    };
    expect(await keyOf({ 'x-api-key': ' sk_k2 ' })).toBe('sk_k2');
    expect(await keyOf({ authorization: 'Bearer sk_k1', 'x-api-key': 'sk_k2' })).toBe('sk_k1');
    expect(await keyOf({ authorization: 'bearer \t sk_k1' })).toBe('sk_k1');
    for (const authorization of ['Basic x', 'Bearer', 'Bearer sk_k1 sk_k3', 'Token sk_k1', 'sk_k1', ''])
      expect(await keyOf({ authorization, 'x-api-key': 'sk_k2' }), authorization).toBe(401);
  });
});
