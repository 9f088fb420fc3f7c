import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/request/api/http/api-error.ts';
import { limit } from '../../../src/request/api/http/stages/limit.ts';
import type { ApiImplementation } from '../../../src/request/api/http/api-implementation.ts';
import { endpoint } from './endpoint.ts';

const implementation: ApiImplementation = {
  handlers: {},
  limit: (access: { left: number }, e) => {
    if (access.left <= 0) throw new ApiError(429, 'rate_limited', `over for ${e.bucket}`, { 'retry-after': '60' });
    return { ratelimit: `"hour";r=${access.left}` };
  },
};

describe('limit stage', () => {
  it('gives the quota headers of an authenticated request', () => {
    expect(limit(implementation, endpoint('listOwnProjects'), { left: 3 })).toEqual({ ratelimit: '"hour";r=3' });
  });

  it('lets the API refuse a request over its quota', () => {
    expect(() => limit(implementation, endpoint('getOwnArticle'), { left: 0 })).toThrow(
      expect.objectContaining({ status: 429, message: 'over for detail' }),
    );
  });

  it('holds an open endpoint to nothing', () => {
    expect(limit(implementation, endpoint('getPricing'), undefined)).toEqual({});
  });
});
