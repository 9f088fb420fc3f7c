import { inject } from 'vitest';
import { awaitOnDemand } from './on-demand.ts';

/** This run's build of packages/content-client/dist (global-client.ts), started on first use; waits for it. */
export const builtClient = (): Promise<void> => awaitOnDemand(inject('clientStatus'), 'the package build');
