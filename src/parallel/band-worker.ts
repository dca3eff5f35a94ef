// What a band worker runs, in Node and in the browser alike: each message is one band of a
// node's kernel, found by the node's type in the full catalogue (see threads.ts), or of the
// engine's crop.

import { CATALOGUE } from '../../nodes/index.ts';
import { CROP_BAND, cropBand } from '../engine/domains.ts';
import { type BandKernel, type BandMessage, serveBand } from './threads.ts';

function find(type: string): BandKernel | undefined {
  // The engine's own band (its crops), then the nodes' band hooks by type.
  if (type === CROP_BAND) return cropBand as BandKernel;
  return CATALOGUE.def(type)?.band as BandKernel | undefined;
}

/** Serves the bands posted to this worker (and, with `receive`, those posted while it is awake after one: see serveBand). */
export function handleBand(message: BandMessage, receive?: () => BandMessage | undefined): void {
  serveBand(message, find, receive);
}
