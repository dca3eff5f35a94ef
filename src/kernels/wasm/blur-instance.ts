// The blur's boxes (blur.as.ts) on the grid heap (src/parallel/memory.ts), one instance per
// thread: a band whose grids (the input, mid, the output) all lie on the heap runs there in
// place, its lines in the thread's own heap scratch. Anything else (no pool, a grid too large for
// the heap, a page without cross-origin isolation) is left to the JS kernel, which gives the same
// bits (tests/box-blur-bits.test.ts holds both to the one-line kernel).

import { heapScratch, onHeap } from '../../parallel/memory.ts';
import type { BoxBlurJob } from '../box-blur.ts';
import { BLUR_HEAP_WASM_BASE64 } from './blur-heap-binary.ts';
import { countHeapCall, onHeapModule } from './heap-instance.ts';

interface BlurExports {
  scratchBytes(len: number): number;
  rows(inputAt: number, m: number, n: number, k: number, dc: number, dr: number, col0: number, midAt: number, r0: number, r1: number, r: number, alpha: number, norm: number, lineAt: number, sufAt: number, tmpAt: number): void;
  columns(midAt: number, n: number, k: number, g0: number, outAt: number, c0: number, c1: number, r: number, alpha: number, norm: number, lineAt: number, sufAt: number, tmpAt: number): void;
}

const heapBlur = onHeapModule<BlurExports>(BLUR_HEAP_WASM_BASE64);

/** The heap module's bytes. */
export const heapBlurBytes = heapBlur.bytes;

/** What a band of the blur's passes reads and writes: box-blur.ts's BoxBlurJob, with its box worked out. */
export type BlurBand = Omit<BoxBlurJob, 'sigmaCells' | 'pass'> & {
  /** The boxes' reach (3 · (R + 1)), R, α and 1 / (2R + 1 + 2α). */
  readonly k: number;
  readonly r: number;
  readonly alpha: number;
  readonly norm: number;
};

/**
 * Pass 0: rows r0 … r1 − 1 of mid; pass 1: output columns c0 … c1 − 1. False, having done
 * nothing, when a grid is not on the heap or this thread has no heap module or scratch there.
 */
export function wasmBlurBand(a: BlurBand, pass: 0 | 1, from: number, to: number): boolean {
  if (!onHeap(a.input.buffer) || !onHeap(a.mid.buffer) || !onHeap(a.out.buffer)) return false;
  const h = heapBlur.exports();
  if (!h) return false;
  const bytes = h.scratchBytes(a.n + 2 * a.k);
  const line = heapScratch('blur.line', bytes);
  const suf = heapScratch('blur.suf', bytes);
  const tmp = heapScratch('blur.tmp', bytes);
  if (line < 0 || suf < 0 || tmp < 0) return false;
  countHeapCall();
  // The world indices go in as their place within a block (mod w = 2R + 1), all the boxes read of
  // them: whole, an index past 2³¹ (a view a few million views out) wrapped in the module's i32
  // and anchored the blocks elsewhere than the JS kernel does.
  const w = 2 * a.r + 1;
  if (pass === 0) h.rows(a.input.byteOffset, a.m, a.n, a.k, a.dc, a.dr, mod(a.col0, w), a.mid.byteOffset, from, to, a.r, a.alpha, a.norm, line, suf, tmp);
  else h.columns(a.mid.byteOffset, a.n, a.k, mod(a.row0 + a.dr - a.k, w), a.out.byteOffset, from, to, a.r, a.alpha, a.norm, line, suf, tmp);
  return true;
}

/** x mod w in [0, w), exact for whole numbers of doubles. */
function mod(x: number, w: number): number {
  const m = x % w;
  return m < 0 ? m + w : m;
}
