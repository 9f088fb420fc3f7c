// GET /api/v1/pricing: the plans and the bring-your-own-key offer.
import { single } from '../../schemas/envelope.ts';
import { Pricing } from '../../schemas/pricing.ts';
import { PUBLIC_BASE } from '../bases.ts';
import { once } from '../../core/once.ts';
import { publicEndpoint } from './public-endpoint.ts';

export const getPricing = publicEndpoint('getPricing', '/pricing', {
  output: once(() => single(Pricing)),
  static: { file: `${PUBLIC_BASE}/pricing.json` },
  doc: {
    tag: 'Product',
    ok: 'PricingResponse',
    errors: [],
    summary: 'Plans and the bring-your-own-key offer, in USD.',
    description: 'Every plan with its monthly and yearly price and limits, and the bring-your-own-key offer.',
  },
});
