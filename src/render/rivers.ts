// Rivers drawn over a picture: the 1 cells of a river layer (meaning 'river', lines a cell wide)
// painted in a water blue over whatever the picture shows, as mapgen4 and Azgaar draw them over
// their biomes. Pure, like layer.ts: the worker draws the viewer's pictures with it, and the
// PNG export the same way.

import type { Rgb } from './ramps.ts';
import { anyOf } from './preview.ts';

/** The river blue: bright and apart from the sea's tints, so a river does not read as sea. */
export const RIVER_RGB: Rgb = [0, 150, 255];
/** Over pictures already that blue (viridis' teals, a water mask): a pale blue. */
export const RIVER_PALE_RGB: Rgb = [190, 236, 255];
/** Over pictures both pale and mid blue (the air's ramp), where neither of the others reads: a deep blue. */
export const RIVER_DEEP_RGB: Rgb = [0, 45, 120];
/** The river colours in order of preference: the first reads on the biomes, the tints and the moisture. */
export const RIVER_COLOURS: readonly Rgb[] = [RIVER_RGB, RIVER_PALE_RGB, RIVER_DEEP_RGB];
/** Squared RGB distance under which a river pixel hardly stands out from the pixel it covers. */
const FAINT2 = 130 * 130;

/**
 * The colour the rivers of this picture are drawn in: of RIVER_COLOURS, the one faint on the
 * fewest of the pixels the rivers cover (the first on a tie). One colour for the whole picture:
 * choosing per pixel (pale where the pixel under it was blue) drew one river in two colours
 * on viridis and on the air's ramp, and read as two things.
 */
export function riverColour(rgba: Uint8ClampedArray, lines: ArrayLike<number>, side: number): Rgb {
  const faint = RIVER_COLOURS.map(() => 0);
  for (let r = 0; r < side; r++) {
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (!(lines[r * side + c] > 0.5)) continue;
      for (let k = 0; k < RIVER_COLOURS.length; k++) {
        const [R, G, B] = RIVER_COLOURS[k];
        const dr = rgba[p] - R;
        const dg = rgba[p + 1] - G;
        const db = rgba[p + 2] - B;
        if (dr * dr + dg * dg + db * db < FAINT2) faint[k]++;
      }
    }
  }
  let best = 0;
  for (let k = 1; k < faint.length; k++) if (faint[k] < faint[best]) best = k;
  return RIVER_COLOURS[best];
}

/**
 * Paints the river cells of `rivers` (an n × n layer, row 0 south, 1 = river) over `rgba`
 * (side × side pixels, north row first), in riverColour's colour. Drawn smaller than the grid
 * (side < n), a pixel is river when any cell under it is, so the lines stay unbroken at every
 * size (as the previews keep them, preview.ts). Returns how many pixels it painted.
 */
export function drawRivers(rgba: Uint8ClampedArray, side: number, rivers: Float32Array, n: number): number {
  if (rgba.length !== side * side * 4) throw new Error(`drawRivers: the picture holds ${rgba.length / 4} pixels, expected ${side} × ${side}`);
  if (rivers.length !== n * n) throw new Error(`drawRivers: the river layer holds ${rivers.length} cells, expected ${n} × ${n}`);
  if (side > n) throw new Error(`drawRivers: a ${side}-pixel picture of a ${n}-cell grid (pictures are never larger than their grid)`);
  const lines = side < n ? anyOf(rivers, n, side) : rivers;
  const [R, G, B] = riverColour(rgba, lines, side);
  let painted = 0;
  for (let r = 0; r < side; r++) {
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (!(lines[r * side + c] > 0.5)) continue;
      rgba[p] = R;
      rgba[p + 1] = G;
      rgba[p + 2] = B;
      rgba[p + 3] = 255;
      painted++;
    }
  }
  return painted;
}
