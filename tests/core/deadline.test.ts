import { describe, expect, it } from 'vitest';
import { deadline } from '../../src/model/core/deadline.ts';

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('deadline', () => {
  it('settles as the work does when the work is in time', async () => {
    await expect(deadline(after(5, 'done'), 200, () => new Error('late'))).resolves.toBe('done');
    await expect(deadline(after(5, 'broken', true), 200, () => new Error('late'))).rejects.toThrow('broken');
  });

  it("rejects with the deadline's error when the work is late, without waiting for it", async () => {
    const started = Date.now();
    await expect(deadline(after(2_000, 'done'), 20, () => new Error('late'))).rejects.toThrow('late');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
