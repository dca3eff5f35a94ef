// Seeded random layouts for the placement tests: a grid of collapsed nodes with frames about
// random blocks of it, as makeRoom's and roomForInsert's property tests lay them out.

import type { EditorCore } from '../../src/editor/editor.ts';

/** Columns 144 apart and rows 160 apart: a collapsed node (124 × 140) and 20 between. */
export const GRID_STEP: readonly [number, number] = [144, 160];

/** The grid's 24 spots, `cols` to a row, row by row from the top left. */
export function gridSpots(cols: number): [number, number][] {
  return Array.from({ length: 24 }, (_, k): [number, number] => [(k % cols) * GRID_STEP[0], Math.floor(k / cols) * GRID_STEP[1]]);
}

/** Up to three frames, each about a random block of one or two columns and rows, 8 round it; one that would lie over another is not made. */
export function addRandomFrames(core: EditorCore, random: () => number, cols: number): void {
  for (let f = 0; f < 3; f++) {
    const c0 = Math.floor(random() * cols);
    const r0 = Math.floor(random() * 4);
    const c1 = Math.min(cols - 1, c0 + Math.floor(random() * 2));
    const r1 = Math.min(3, r0 + Math.floor(random() * 2));
    const at: [number, number] = [c0 * GRID_STEP[0] - 8, r0 * GRID_STEP[1] - 8];
    const size: [number, number] = [(c1 - c0) * GRID_STEP[0] + 124 + 16, (r1 - r0) * GRID_STEP[1] + 140 + 16];
    const over = (core.graph.frames ?? []).some((g) => g.position[0] < at[0] + size[0] && at[0] < g.position[0] + g.size[0] && g.position[1] < at[1] + size[1] && at[1] < g.position[1] + g.size[1]);
    if (!over) core.addFrame(at, size);
  }
}
