// The worker of catalog-outputs-beside.ts: writes the job's outputs and says how many.
import { parentPort, workerData } from 'node:worker_threads';
import { type CatalogOutputsJob, type CatalogOutputsMessage, writeCatalogOutputsHere } from './catalog-outputs-beside.ts';

const say = (m: CatalogOutputsMessage) => parentPort!.postMessage(m);
say({ done: await writeCatalogOutputsHere(workerData as CatalogOutputsJob, (phase) => say({ phase })) });
