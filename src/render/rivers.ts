// Rivers drawn over a picture: the 1 cells of a river layer (meaning 'river', lines a cell wide)
// painted in a water blue over whatever the picture shows, as mapgen4 and Azgaar draw them over
// their biomes. Pure, like layer.ts: the worker draws the viewer's pictures with it, and the
// PNG export the same way.

import type { Rgb } from './ramps.ts';
import { anyOf } from './preview.ts';

/** The river blue: bright and apart from the sea's tints, so a river does not read as sea. */
export const RIVER_RGB: Rgb = [0, 150, 255];
/**
 * The river over a picture already blue (the air's ramp, a water mask, viridis' teal): a pale
 * blue. An outline would read on anything, but a line one cell wide has no room for one.
 */
export const RIVER_PALE_RGB: Rgb = [190, 236, 255];

/**
 * Paints the river cells of `rivers` (an n × n layer, row 0 south, 1 = river) over `rgba`
 * (side × side pixels, north row first). Drawn smaller than the grid (side < n), a pixel is
 * river when any cell under it is, so the lines stay unbroken at every size (as the previews
 * keep them, preview.ts). Returns how many pixels it painted.
 */
export function drawRivers(rgba: Uint8ClampedArray, side: number, rivers: Float32Array, n: number): number {
  if (rgba.length !== side * side * 4) throw new Error(`drawRivers: the picture holds ${rgba.length / 4} pixels, expected ${side} × ${side}`);
  if (rivers.length !== n * n) throw new Error(`drawRivers: the river layer holds ${rivers.length} cells, expected ${n} × ${n}`);
  if (side > n) throw new Error(`drawRivers: a ${side}-pixel picture of a ${n}-cell grid (pictures are never larger than their grid)`);
  const lines = side < n ? anyOf(rivers, n, side) : rivers;
  let painted = 0;
  for (let r = 0; r < side; r++) {
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (!(lines[r * side + c] > 0.5)) continue;
      // Blue already (blue well over red, over green): the water mask, the air's and the
      // temperature's blues, viridis' teal. A plain RGB distance to the river blue let the
      // water mask's blue (58, 110, 165) keep the bright river, which hardly read on it.
      const b = rgba[p + 2];
      const rgb = b > rgba[p] + 30 && b > rgba[p + 1] ? RIVER_PALE_RGB : RIVER_RGB;
      rgba[p] = rgb[0];
      rgba[p + 1] = rgb[1];
      rgba[p + 2] = rgb[2];
      rgba[p + 3] = 255;
      painted++;
    }
  }
  return painted;
}
