// The keys this process has seen valid (src/request/api/content/known-keys.ts): at most `max`, the least recently used
// forgotten first, a lookup counting as a use; a revoked key forgotten at once.
import { describe, expect, it } from 'vitest';
import { createKnownKeys } from '../../src/request/api/content/known-keys.ts';

describe('known keys', () => {
  it('answers the account of a key added, and nothing for one never added or deleted', () => {
    const keys = createKnownKeys(10);
    keys.add('d1', 'acc_1');
    expect(keys.get('d1')).toBe('acc_1');
    expect(keys.get('d2')).toBeUndefined();
    keys.delete('d1');
    expect(keys.get('d1')).toBeUndefined();
  });

  it('holds at most max keys, forgetting the least recently used: a key looked up or added again stays', () => {
    const keys = createKnownKeys(2);
    keys.add('a', 'acc_a');
    keys.add('b', 'acc_b');
    expect(keys.get('a')).toBe('acc_a'); // a customer's key in use behind a blocked address
    keys.add('c', 'acc_c');
    expect(keys.get('b')).toBeUndefined();
    keys.add('a', 'acc_a');
    keys.add('d', 'acc_d');
    expect(keys.get('c')).toBeUndefined();
    expect([keys.get('a'), keys.get('d')]).toEqual(['acc_a', 'acc_d']);
  });
});
