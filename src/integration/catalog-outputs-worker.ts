// The worker of catalog-outputs-beside.ts: writes the job's outputs through the output store and says how many.
import { parentPort, workerData } from 'node:worker_threads';
import { outputStore } from '../core/output-store.ts';
import type { CatalogOutputsJob, CatalogOutputsMessage } from './catalog-outputs-beside.ts';
import { writeCatalogOutputs } from './write-outputs.ts';

const say = (m: CatalogOutputsMessage) => parentPort!.postMessage(m);
const { out, content, limits, blog, storeDir } = workerData as CatalogOutputsJob;
const store = outputStore(storeDir);
const { api, machine } = await writeCatalogOutputs(out, content, limits, { blog, store, phase: (phase) => say({ phase }) });
say({ done: { api, machine, ...(await store.finish()) } });
