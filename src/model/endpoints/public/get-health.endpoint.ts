// GET /api/v1/health: answered live on every request.
import { Health, single } from '../../schemas/envelope.ts';
import { once } from '../../core/once.ts';
import { CACHE } from '../cache-policy.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const getHealth = publicEndpoint('getHealth', '/health', {
  cache: CACHE.live,
  output: once(() => single(Health)),
  doc: {
    tag: 'Public API',
    ok: 'HealthResponse',
    errors: [],
    summary: 'Service health; no authentication, no rate limit.',
    description: 'Answered live by the function on every request (`time` is now); never cached.',
  },
});
