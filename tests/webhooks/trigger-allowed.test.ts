// The background send function opens only to its secret, and is closed without one.
import { describe, expect, it } from 'vitest';
import { triggerAllowed } from '../../src/request/webhooks/trigger-allowed.ts';

describe('triggerAllowed', () => {
  it('is closed when no secret is configured, whatever the caller sends', () => {
    for (const auth of [null, '', 'Bearer ', 'Bearer undefined', 'Bearer anything']) expect(triggerAllowed(auth, undefined)).toBe(false);
    expect(triggerAllowed('Bearer ', '')).toBe(false);
  });
  it('opens to the exact bearer secret only', () => {
    expect(triggerAllowed('Bearer s3cret-value', 's3cret-value')).toBe(true);
    for (const auth of [null, 's3cret-value', 'Bearer s3cret-valu', 'Bearer s3cret-value ', 'bearer s3cret-value', 'Bearer S3cret-value']) {
      expect(triggerAllowed(auth, 's3cret-value')).toBe(false);
    }
  });
});
