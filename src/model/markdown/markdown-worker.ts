// A worker thread of prerender-markdown.ts: renders the sources it is sent, in order, with the pages' renderer.
import { parentPort } from 'node:worker_threads';
import { renderHtml } from './render-html.ts';

parentPort!.on('message', (sources: string[]) => parentPort!.postMessage(sources.map(renderHtml)));
