// What a band worker runs, in Node and in the browser alike: each message is one band of a
// node's kernel, found by the node's type in the full catalogue (see threads.ts).

import { CATALOGUE } from '../../nodes/index.ts';
import { type BandKernel, type BandMessage, serveBand } from './threads.ts';

function find(type: string): BandKernel | undefined {
  return CATALOGUE.def(type)?.band as BandKernel | undefined;
}

/** Serves the bands posted to this worker. */
export function handleBand(message: BandMessage): void {
  serveBand(message, find);
}
