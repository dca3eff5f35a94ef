// A Node worker thread of the band pool (see threads.ts): compiles the TypeScript with tsx, as
// bin/terrain-graph.mjs does, then serves bands until terminated. While awake after a band it
// reads the next calls off its port itself (receiveMessageOnPort), not through its event loop.
import { register } from 'tsx/esm/api';
import { parentPort, receiveMessageOnPort } from 'node:worker_threads';

register();
const { handleBand } = await import('./band-worker.ts');
const receive = () => receiveMessageOnPort(parentPort)?.message;
parentPort.on('message', (message) => handleBand(message, receive));
parentPort.postMessage('ready');
