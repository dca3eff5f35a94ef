// The bench's warm-up of its own process, before the first scenario. A fresh Node process
// compiles the engine's and the kernels' JavaScript for some hundred evaluations
// (docs/speed-log.md, "What warms"): on two cores V8's optimizing compiler takes a core from the
// band threads, so the first scenario's rows (cold 256²) measured V8 warming up rather than the
// evaluation, some 2 ms a run more on two threads, while an editor's page is warm within its
// first seconds (same log). So the bench evaluates until V8's own threads go quiet; the runs
// before each row (main.ts WARMUP) stay as they were.

import { type HelpersMark, helpersMs } from './machine.ts';

/** Pairs of evaluations (one thread, then the pool's) between two looks at V8's threads. */
export const WARM_BLOCK = 10;
/** V8's threads' CPU an evaluation under which a block counts as quiet (ms). */
export const WARM_HELPERS_MS = 1;
/** Quiet blocks in a row that end the warm-up. */
export const WARM_QUIET = 2;
/** At most this many blocks; where /proc cannot tell (not Linux), always WARM_FIXED_BLOCKS. */
export const WARM_MAX_BLOCKS = 30;
export const WARM_FIXED_BLOCKS = 10;

/** What the warm-up did: pairs of evaluations, seconds, V8's threads' ms an evaluation in the first and the last block (null: unknown). */
export interface WarmUp {
  readonly pairs: number;
  readonly seconds: number;
  readonly firstHelpers: number | null;
  readonly lastHelpers: number | null;
}

/**
 * Runs `pair` (one evaluation on each of `perPair` thread counts) in blocks of WARM_BLOCK until
 * V8's threads (`mark`: src/bench/machine.ts helpersMark) used under WARM_HELPERS_MS an
 * evaluation in WARM_QUIET blocks in a row, at most WARM_MAX_BLOCKS blocks.
 */
export function warmUntilQuiet(pair: () => void, mark: () => HelpersMark | null, perPair: number): WarmUp {
  const start = performance.now();
  let firstHelpers: number | null = null;
  let lastHelpers: number | null = null;
  let quiet = 0;
  let blocks = 0;
  while (blocks < WARM_MAX_BLOCKS) {
    const from = mark();
    for (let k = 0; k < WARM_BLOCK; k++) pair();
    blocks++;
    const ms = helpersMs(from, mark());
    if (ms === null) {
      if (blocks >= WARM_FIXED_BLOCKS) break;
      continue;
    }
    lastHelpers = ms / (WARM_BLOCK * perPair);
    firstHelpers ??= lastHelpers;
    quiet = lastHelpers < WARM_HELPERS_MS ? quiet + 1 : 0;
    if (quiet >= WARM_QUIET) break;
  }
  return { pairs: blocks * WARM_BLOCK, seconds: (performance.now() - start) / 1000, firstHelpers, lastHelpers };
}
