// The bench's warm-up of its process (src/bench/warm.ts): blocks of evaluation pairs until V8's
// own threads are quiet in two blocks in a row, at most a fixed number; a fixed number where
// /proc cannot tell.
import { describe, expect, it } from 'vitest';
import type { HelpersMark } from '../src/bench/machine.ts';
import { WARM_BLOCK, WARM_FIXED_BLOCKS, WARM_HELPERS_MS, WARM_MAX_BLOCKS, warmUntilQuiet } from '../src/bench/warm.ts';

/** Marks whose differences are, block after block, `perEvaluation[b]` ms an evaluation (2 evaluations a pair). */
function marks(perEvaluation: readonly number[]): { pair: () => void; mark: () => HelpersMark | null; pairs: () => number } {
  let pairs = 0;
  let ms = 0;
  let at = 0;
  return {
    pair: () => {
      const b = Math.floor(pairs / WARM_BLOCK);
      ms += 2 * (perEvaluation[Math.min(b, perEvaluation.length - 1)] ?? 0);
      pairs++;
    },
    mark: () => ({ ms, at: ++at }),
    pairs: () => pairs,
  };
}

describe('the bench warm-up', () => {
  it('stops after two quiet blocks in a row, not one', () => {
    const busy = WARM_HELPERS_MS * 3;
    const quiet = WARM_HELPERS_MS / 2;
    const m = marks([busy, busy, quiet, busy, quiet, quiet, busy]);
    const w = warmUntilQuiet(m.pair, m.mark, 2);
    expect(w.pairs).toBe(6 * WARM_BLOCK);
    expect(m.pairs()).toBe(6 * WARM_BLOCK);
    expect(w.firstHelpers).toBeCloseTo(busy);
    expect(w.lastHelpers).toBeCloseTo(quiet);
  });

  it('gives up after the most blocks when V8 never goes quiet', () => {
    const m = marks([WARM_HELPERS_MS * 2]);
    expect(warmUntilQuiet(m.pair, m.mark, 2).pairs).toBe(WARM_MAX_BLOCKS * WARM_BLOCK);
  });

  it('runs a fixed number of blocks where the threads cannot be read', () => {
    let pairs = 0;
    const w = warmUntilQuiet(() => pairs++, () => null, 2);
    expect(pairs).toBe(WARM_FIXED_BLOCKS * WARM_BLOCK);
    expect(w).toMatchObject({ pairs: WARM_FIXED_BLOCKS * WARM_BLOCK, firstHelpers: null, lastHelpers: null });
  });
});
