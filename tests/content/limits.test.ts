// The rate limits have one home, src/model/config.ts: the headers and the words derive from the config they are given.
// The spec's numbers (section 8) are pinned here on purpose, as the defaults.
import { describe, expect, it } from 'vitest';
import { limitsFrom, quotaText, rateLimitHeaders } from '../../src/request/api/content/limits.ts';
import { readConfig } from '../../src/model/config.ts';

describe('rate limits from the config', () => {
  it('defaults to the spec: 300 list an hour and 2,000 a day, 600 detail an hour', () => {
    const limits = limitsFrom(readConfig({}));
    expect(quotaText(limits.list)).toBe('300 per hour and 2,000 per day');
    expect(quotaText(limits.detail)).toBe('600 per hour and 6,000 per day');
  });

  it('states configured values in the policy header and the words alike', () => {
    const limits = limitsFrom(readConfig({ SKRIBRA_RATE_LIST_HOUR: '1200', SKRIBRA_RATE_LIST_DAY: '24000' }));
    expect(rateLimitHeaders(limits, 'list', [])).toEqual({ 'ratelimit-policy': '"hour";q=1200;w=3600, "day";q=24000;w=86400' });
    expect(quotaText(limits.list)).toBe('1,200 per hour and 24,000 per day');
  });
});
