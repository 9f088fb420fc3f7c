import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/model/config.ts';

describe('readConfig', () => {
  it('gives defaults, the same object for the same values, and a new one when a value changes', () => {
    const env: Record<string, string | undefined> = { PORT: '5000', UNRELATED: 'x' };
    const first = readConfig(env);
    expect(first.PORT).toBe(5000);
    expect(first.SKRIBRA_APP_URL).toBeUndefined();
    expect(readConfig({ ...env, UNRELATED: 'y' })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const changed = readConfig({ ...env, SKRIBRA_APP_URL: 'https://app.example' });
    expect(changed.SKRIBRA_APP_URL).toBe('https://app.example');
    expect(changed.PORT).toBe(5000);
    expect(readConfig(env).SKRIBRA_APP_URL).toBeUndefined();
  });

  it('names every bad variable, every time it is asked', () => {
    const bad = { PORT: 'x', SKRIBRA_DB_TIMEOUT_MS: '0' };
    for (let i = 0; i < 2; i++)
      expect(() => readConfig(bad)).toThrow(
        /^bad environment: PORT must be an integer of at least 1; SKRIBRA_DB_TIMEOUT_MS must be an integer of at least 1$/,
      );
  });
});
