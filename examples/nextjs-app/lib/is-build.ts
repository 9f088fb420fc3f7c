// `next build` sets NEXT_PHASE before it starts the workers that collect params and prerender pages; `next start`
// and `next dev` do not.
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

export const isBuild = (): boolean => process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
