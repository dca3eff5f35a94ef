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
import { LAND_MASK, makeRamp, type Rgb } from './ramps.ts';

/** Gathered rain, from none (black: the rain shadow, land drier than the loss) to the most (white). */
export const DRAINAGE = makeRamp(['#000000', '#2a2620', '#6b6355', '#b8ad98', '#ffffff']);
/**
 * The sea under a drainage picture, and under the viewer's picture of a flow's rivers (paintSea):
 * the height tints' deep water, apart from both the dark land and
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
 * Where a value sits on the picture's log scale, 0 … 1: ln(a / cellRain) over ln(most / cellRain),
 * a counted in cells of rain 1, so a cell that gathers no more than one cell's rain is black, the
 * trunk river white, and a line of 10 cells as far from black as one of 1000 from white whatever
 * the resolution. (From 0 instead, ln(1 + a / cellRain), lifted the whole land a tenth off black
 * and drew every hillside's hair as a line.) 0 when nothing gathers more than a cell's rain.
 * Made once a picture: one logarithm a pixel.
 */
export function drainageScale(most: number, cellRain: number): (gathered: number) => number {
  if (!(most > cellRain)) return () => 0;
  const low = Math.log(cellRain);
  const per = 1 / (Math.log(most) - low);
  return (gathered) => (gathered > cellRain ? Math.min(1, (Math.log(gathered) - low) * per) : 0);
}

/**
 * The picture, at most `size` pixels a side (n when smaller), north up, into `out` when it is the
 * right size. A pixel of land shows the most any land cell under it gathers (a drainage line is a
 * cell wide, and a nearest-cell sample of a 256² map on a 104-pixel card broke the lines into
 * dots); a pixel is sea where the cell at its centre is, as the other pictures sample.
 */
export function renderDrainage(d: Drainage, n: number, size: number, out?: Uint8ClampedArray): Picture {
  const cells = n * n;
  const { gathered, land, cellRain } = d;
  if (gathered.length !== cells || land.length !== cells) throw new Error(`renderDrainage: the layers hold ${gathered.length} and ${land.length} cells, expected ${n} × ${n}`);
  const side = Math.min(n, size);
  const rgba = out && out.length === side * side * 4 ? out : new Uint8ClampedArray(side * side * 4);
  // The cells under each pixel column, and the cell at its centre: the blocks tile the grid, so
  // the most any land cell gathers is the most of the blocks', and each cell is read once.
  const c0 = new Int32Array(side + 1);
  const cc = new Int32Array(side);
  for (let c = 0; c <= side; c++) c0[c] = Math.floor((c * n) / side);
  for (let c = 0; c < side; c++) cc[c] = Math.min(n - 1, Math.floor(((c + 0.5) * n) / side));
  const block = new Float32Array(side * side);
  let most = 0;
  for (let r = 0; r < side; r++) {
    const r0 = Math.floor((r * n) / side);
    const r1 = Math.floor(((r + 1) * n) / side);
    for (let c = 0; c < side; c++) {
      let a = 0;
      for (let y = r0; y < r1; y++) {
        for (let i = y * n + c0[c], end = y * n + c0[c + 1]; i < end; i++) if (gathered[i] > a && land[i]) a = gathered[i];
      }
      block[r * side + c] = a;
      if (a > most) most = a;
    }
  }
  const scale = drainageScale(most, cellRain);
  for (let r = 0; r < side; r++) {
    const centreRow = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n;
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      rgba[p + 3] = 255;
      const centre = centreRow + cc[c];
      if (!land[centre]) continue;
      // The centre cell may lie past the block (a block one cell wide, its centre in the next): it counts too.
      const a = Math.max(block[r * side + c], gathered[centre]);
      const k = Math.round(scale(a) * 255) * 3;
      rgba[p] = DRAINAGE[k];
      rgba[p + 1] = DRAINAGE[k + 1];
      rgba[p + 2] = DRAINAGE[k + 2];
    }
  }
  paintSea(rgba, side, land, n);
  if (d.water.length) drawWater(rgba, side, d.water, n, [DRAINAGE_SEA]);
  return { width: side, height: side, rgba };
}

/**
 * Paints the sea of `land` (n × n, 1 on land, 0 on the sea, row 0 south) in DRAINAGE_SEA over a
 * picture of side × side pixels (north row first, of any size against n): a pixel is sea where
 * the cell at its centre is, as the pictures sample. With `over`, only over pixels of exactly
 * that colour: the viewer's picture of a flow's rivers paints the sea over its "no river" cells
 * (the mask's land colour), and a river pixel at the coast stays river. Returns the pixels painted.
 */
export function paintSea(rgba: Uint8ClampedArray, side: number, land: Uint8Array, n: number, over?: Rgb): number {
  if (land.length !== n * n) throw new Error(`paintSea: the land holds ${land.length} cells, expected ${n} × ${n}`);
  if (rgba.length !== side * side * 4) throw new Error(`paintSea: the picture holds ${rgba.length / 4} pixels, expected ${side} × ${side}`);
  const [seaR, seaG, seaB] = DRAINAGE_SEA;
  let painted = 0;
  for (let r = 0; r < side; r++) {
    const centreRow = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n;
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (land[centreRow + Math.min(n - 1, Math.floor(((c + 0.5) * n) / side))]) continue;
      if (over && (rgba[p] !== over[0] || rgba[p + 1] !== over[1] || rgba[p + 2] !== over[2])) continue;
      rgba[p] = seaR;
      rgba[p + 1] = seaG;
      rgba[p + 2] = seaB;
      rgba[p + 3] = 255;
      painted++;
    }
  }
  return painted;
}

/**
 * Draws the sea of `land` (src/engine/sea.ts seaUnder) over a picture of a two-valued layer or a lake layer: over its
 * 0 cells, drawn in the mask's land colour (a river pixel at the coast, a lake's, stays as it is).
 * Before the water over it; returns the colours the water is to stand apart from (drawWater's
 * `apart`): the sea's, for every picture of a layer with a sea under it, whether or not this
 * one shows any, so that a drag frame off the coast draws its rivers as the map does.
 */
export function drawSeaUnder(rgba: Uint8ClampedArray, side: number, land: Uint8Array | null, n: number): readonly Rgb[] {
  if (!land) return [];
  paintSea(rgba, side, land, n, LAND_MASK);
  return [DRAINAGE_SEA];
}
