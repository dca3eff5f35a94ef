// A Web Worker of the band pool (see threads.ts), started by the engine worker: serves bands
// until terminated.
import { handleBand } from './band-worker.ts';
import type { BandMessage } from './threads.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<BandMessage>) => void) | null; postMessage(message: string): void };
scope.onmessage = (e) => handleBand(e.data);
scope.postMessage('ready');
