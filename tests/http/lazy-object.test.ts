import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { lazyObject } from '../../src/model/endpoints/lazy-object.ts';

describe('lazyObject', () => {
  it('names its keys at once and builds each field once, on the first call', () => {
    const calls: string[] = [];
    const query = lazyObject({
      q: () => {
        calls.push('q');
        return z.string();
      },
      limit: () => {
        calls.push('limit');
        return z.coerce.number().default(5);
      },
    });
    expect(query.keys).toEqual(['q', 'limit']);
    expect(calls).toEqual([]);
    const schema = query.schema();
    expect(calls).toEqual(['q', 'limit']);
    expect(query.schema()).toBe(schema);
    expect(calls).toEqual(['q', 'limit']);
    expect(schema.parse({ q: 'a', extra: 1 })).toEqual({ q: 'a', limit: 5 });
  });
});
