// A flow's own picture, as Gaea's and World Machine's flow maps draw one: the rain each land cell
// gathers, log-scaled from dark to white so every drainage line shows, the sea apart, and the
// rivers and lakes painted over it in the viewer's water colour. Pure, like layer.ts.
//
// The flow's first output, its river mask, drawn alone (sand, with the river cells blue) showed a
// new Flow node at its default river area as a plain sand square: 1 % of a 256 map's land is
// river there, 0.2 % at 1024², and the sea was drawn as sand too. The accumulation in its own
// linear ramp is no better: one trunk river gathers a thousand times what most cells do, so all
// but a few cells sit at the ramp's dark end. A log scale shows a line of 10 cells as plainly as
// one of 1000, and what turns blue is what the river area picked out of them.

import { drawWater, type WaterLayer } from './rivers.ts';
import type { Picture } from './preview.ts';
import { makeRamp, type Rgb } from './ramps.ts';

/** Gathered rain, from none (black: the rain shadow, land drier than the loss) to the most (white). */
export const DRAINAGE = makeRamp(['#000000', '#2a2620', '#6b6355', '#b8ad98', '#ffffff']);
/**
 * The sea under a drainage picture: the height tints' deep water, apart from both the dark land and
 * the river blue (their sea, [44, 92, 150], is near enough that blue for riverColour to take the
 * rivers reaching it as faint and draw them all aqua).
 */
export const DRAINAGE_SEA: Rgb = [24, 52, 104];

export interface Drainage {
  /** Rain gathered through each cell, in rain × 256-map cells (the flow's accumulation); n × n, row 0 south. */
  readonly gathered: Float32Array;
  /** 1 on land, 0 on the sea; n × n, row 0 south. */
  readonly land: Uint8Array;
  /** The rain of one cell of rain 1, in the same units: the cell's area in 256-map cells. */
  readonly cellRain: number;
  /** Drawn over it: the rivers (lines) and lakes (areas). */
  readonly water: readonly WaterLayer[];
}

/**
 * Where a pixel's value sits on the log scale, 0 … 1: ln(a / cellRain) over ln(most / cellRain),
 * a counted in cells of rain 1, so a cell that gathers no more than one cell's rain is black, the
 * trunk river white, and a line of 10 cells as far from black as one of 1000 from white whatever
 * the resolution. (From 0 instead, ln(1 + a / cellRain), lifted the whole land a tenth off black
 * and drew every hillside's hair as a line.) 0 when nothing gathers more than a cell's rain.
 */
export function drainageScale(gathered: number, most: number, cellRain: number): number {
  if (!(gathered > cellRain) || !(most > cellRain)) return 0;
  return Math.min(1, Math.log(gathered / cellRain) / Math.log(most / cellRain));
}

/**
 * The picture, at most `size` pixels a side (n when smaller), north up, into `out` when it is the
 * right size. A pixel of land shows the most any land cell under it gathers (a drainage line is a
 * cell wide, and a nearest-cell sample of a 256² map on a 104-pixel card broke the lines into
 * dots); a pixel is sea where the cell at its centre is, as the other pictures sample.
 */
export function renderDrainage(d: Drainage, n: number, size: number, out?: Uint8ClampedArray): Picture {
  const cells = n * n;
  if (d.gathered.length !== cells || d.land.length !== cells) throw new Error(`renderDrainage: the layers hold ${d.gathered.length} and ${d.land.length} cells, expected ${n} × ${n}`);
  const side = Math.min(n, size);
  const rgba = out && out.length === side * side * 4 ? out : new Uint8ClampedArray(side * side * 4);
  let most = 0;
  for (let i = 0; i < cells; i++) if (d.land[i] && d.gathered[i] > most) most = d.gathered[i];
  for (let r = 0; r < side; r++) {
    const r0 = Math.floor((r * n) / side);
    const r1 = Math.max(r0 + 1, Math.floor(((r + 1) * n) / side));
    const rc = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side));
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      const c0 = Math.floor((c * n) / side);
      const c1 = Math.max(c0 + 1, Math.floor(((c + 1) * n) / side));
      const cc = Math.min(n - 1, Math.floor(((c + 0.5) * n) / side));
      let colour: ArrayLike<number> = DRAINAGE_SEA;
      let k = 0;
      if (d.land[rc * n + cc]) {
        // The centre cell may lie past the block (a block one cell wide, its centre in the next): it counts too.
        let a = d.gathered[rc * n + cc];
        for (let y = r0; y < r1; y++) for (let x = c0; x < c1; x++) if (d.land[y * n + x] && d.gathered[y * n + x] > a) a = d.gathered[y * n + x];
        colour = DRAINAGE;
        k = Math.round(drainageScale(a, most, d.cellRain) * 255) * 3;
      }
      rgba[p] = colour[k];
      rgba[p + 1] = colour[k + 1];
      rgba[p + 2] = colour[k + 2];
      rgba[p + 3] = 255;
    }
  }
  if (d.water.length) drawWater(rgba, side, d.water, n);
  return { width: side, height: side, rgba };
}
