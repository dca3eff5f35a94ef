// A Node worker thread of the band pool (see threads.ts): compiles the TypeScript with tsx, as
// bin/terrain-graph.mjs does, then serves bands until terminated.
import { register } from 'tsx/esm/api';
import { parentPort } from 'node:worker_threads';

register();
const { handleBand } = await import('./band-worker.ts');
parentPort.on('message', handleBand);
parentPort.postMessage('ready');
