import { answer } from '../http/answer.ts';
import { getPricing } from '../../../model/endpoints/public/get-pricing.endpoint.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(getPricing, (_ctx, { access }) => answer(getPricing, { data: access.pricing }));
