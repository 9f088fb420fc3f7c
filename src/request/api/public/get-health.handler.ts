import { answer } from '../http/answer.ts';
import { getHealth } from '../../../model/endpoints/public/get-health.endpoint.ts';
import { publicHandler } from './public-deps.ts';

export default publicHandler(getHealth, (_ctx, { now }) => answer(getHealth, { data: { status: 'ok', time: now().toISOString() } }));
