// Water drawn over a picture: the 1 cells of a river layer (meaning 'river', lines a cell wide)
// and the cells of a lake layer deeper than 0 (meaning 'lake', areas), painted in one water blue
// over whatever the picture shows, as mapgen4 and Azgaar draw them over their biomes; a coarse
// picture (a draft, a drag frame) is drawn at the full picture's size so its rivers are as thin
// (renderCoarse). Pure, like layer.ts: the worker draws the viewer's pictures with it, and the
// PNG export the same way.

import type { Rgb } from './ramps.ts';
import { isLines, type Value } from '../model/values.ts';
import type { LayerStyle } from './layer.ts';
import { anyOf, enlargePicture, type Picture, renderPreview } from './preview.ts';

/** The river blue: bright and apart from the sea's tints, so a river does not read as sea. */
export const RIVER_RGB: Rgb = [0, 150, 255];
/** Over pictures already that blue (viridis' teals, a water mask): a pale blue. */
export const RIVER_PALE_RGB: Rgb = [190, 236, 255];
/** Over pictures both pale and mid blue, where neither of the others reads: a deep blue. */
export const RIVER_DEEP_RGB: Rgb = [0, 45, 120];
/**
 * Over pictures that run from white through every blue to a deep blue (the air's ramp): an aqua,
 * the one water colour none of them hides. The deep blue was chosen there before it, and
 * vanished on the air's dark half; the pale one on its light half.
 */
export const RIVER_AQUA_RGB: Rgb = [0, 255, 255];
/** The water colours in order of preference: the first reads on the biomes, the tints and the moisture. */
export const RIVER_COLOURS: readonly Rgb[] = [RIVER_RGB, RIVER_PALE_RGB, RIVER_DEEP_RGB, RIVER_AQUA_RGB];
/** Squared RGB distance under which a water pixel hardly stands out from the pixel it covers. */
export const FAINT2 = 130 * 130;
/** A colour faint on no more than this share of what it covers is good enough: the first such is taken. */
const FAINT_SHARE = 0.02;

/** One layer drawn as water: a river layer's 1 cells as lines, or a lake layer's cells deeper than 0 as areas. */
export interface WaterLayer {
  readonly kind: 'lines' | 'area';
  /** n × n cells, row 0 south. */
  readonly data: Float32Array;
}

const faintOn = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2 < FAINT2;

/**
 * The colour the water of this picture is drawn in: of RIVER_COLOURS, the first faint on at most
 * FAINT_SHARE of the pixels the water covers, else the one faint on the fewest (the first on a
 * tie). One colour for the whole picture: choosing per pixel (pale where the pixel under it was
 * blue) drew one river in two colours on viridis and on the air's ramp, and read as two things.
 * None faint against a colour of `apart` (the sea painted under the picture, where the rivers
 * end) is taken while another is: on a flow's lakes map the deep blue, a navy beside the sea's,
 * drew each river reaching the coast as a finger of sea.
 */
export function riverColour(rgba: Uint8ClampedArray, water: ArrayLike<number>, side: number, apart: readonly Rgb[] = []): Rgb {
  const faint = RIVER_COLOURS.map(() => 0);
  let covered = 0;
  for (let r = 0; r < side; r++) {
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (!(water[r * side + c] > 0.5)) continue;
      covered++;
      for (let k = 0; k < RIVER_COLOURS.length; k++) {
        const [R, G, B] = RIVER_COLOURS[k];
        const dr = rgba[p] - R;
        const dg = rgba[p + 1] - G;
        const db = rgba[p + 2] - B;
        if (dr * dr + dg * dg + db * db < FAINT2) faint[k]++;
      }
    }
  }
  const allowed = RIVER_COLOURS.map((c) => !apart.some((a) => faintOn(c, a)));
  if (!allowed.includes(true)) allowed.fill(true);
  const good = faint.findIndex((f, k) => allowed[k] && f <= covered * FAINT_SHARE);
  if (good >= 0) return RIVER_COLOURS[good];
  let best = allowed.indexOf(true);
  for (let k = best + 1; k < faint.length; k++) if (allowed[k] && faint[k] < faint[best]) best = k;
  return RIVER_COLOURS[best];
}

/**
 * Which of side × side pixels are water (1) or not (0): a lines layer's pixel when any cell under
 * it is 1, so the lines stay unbroken at every size (as the previews keep them, preview.ts), and
 * on a picture larger than the grid (a draft drawn at the full picture's size) a pixel-wide line
 * through the centres of the cells (thinLines); an area layer's pixel when the cell at its centre
 * is deeper than 0, as the picture under it samples.
 */
export function waterPixels(layers: readonly WaterLayer[], n: number, side: number): Uint8Array {
  const out = new Uint8Array(side * side);
  for (const layer of layers) {
    if (layer.data.length !== n * n) throw new Error(`drawWater: the ${layer.kind === 'lines' ? 'river' : 'lake'} layer holds ${layer.data.length} cells, expected ${n} × ${n}`);
    if (layer.kind === 'lines') {
      const lines = side < n ? anyOf(layer.data, n, side) : side > n ? thinLines(layer.data, n, side) : layer.data;
      for (let i = 0; i < side * side; i++) if (lines[i] > 0.5) out[i] = 1;
      continue;
    }
    for (let r = 0; r < side; r++) {
      const row = Math.min(n - 1, Math.floor(((r + 0.5) * n) / side)) * n;
      for (let c = 0; c < side; c++) if (layer.data[row + Math.min(n - 1, Math.floor(((c + 0.5) * n) / side))] > 0) out[r * side + c] = 1;
    }
  }
  return out;
}

/**
 * Lines one cell wide on an n grid (cells over ½; row 0 south) drawn a pixel wide on a larger
 * side × side picture: each line cell's centre pixel, joined to the centres of the line cells
 * around it. A river is one cell wide at any resolution, so a 148² draft of a 1024² view,
 * scaled up cell for cell, drew it 3.5 pixels wide where the full picture draws one (on a
 * 512-pixel map, rivers-from-the-rain's covered 2.95 % of it against the full picture's 0.84 %).
 * A diagonal neighbour is joined only when no line cell beside both already joins them: a bend
 * would draw a triangle.
 */
export function thinLines(src: ArrayLike<number>, n: number, side: number): Float32Array {
  if (side < n) throw new Error(`thinLines: a ${side}-pixel picture of a ${n}-cell grid draws lines by anyOf`);
  const out = new Float32Array(side * side);
  const at = (k: number) => Math.min(side - 1, Math.floor(((k + 0.5) * side) / n));
  const on = (r: number, c: number) => r >= 0 && r < n && c >= 0 && c < n && src[r * n + c] > 0.5;
  const join = (r0: number, c0: number, r1: number, c1: number) => {
    const y0 = at(r0);
    const x0 = at(c0);
    const dy = at(r1) - y0;
    const dx = at(c1) - x0;
    const steps = Math.max(Math.abs(dx), Math.abs(dy));
    for (let s = 1; s <= steps; s++) out[Math.round(y0 + (dy * s) / steps) * side + Math.round(x0 + (dx * s) / steps)] = 1;
  };
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!on(r, c)) continue;
      out[at(r) * side + at(c)] = 1;
      // Each pair once: east, north, and the two northern diagonals.
      if (on(r, c + 1)) join(r, c, r, c + 1);
      if (on(r + 1, c)) join(r, c, r + 1, c);
      if (on(r + 1, c + 1) && !on(r, c + 1) && !on(r + 1, c)) join(r, c, r + 1, c + 1);
      if (on(r + 1, c - 1) && !on(r, c - 1) && !on(r + 1, c)) join(r, c, r + 1, c - 1);
    }
  }
  return out;
}

/**
 * How much larger than its grid a coarse picture (a draft, a drag frame) is drawn for its rivers
 * to be thin, at most: the full picture's side, but not past 4 pixels a cell. A drag frame of 128²
 * drawn at 1024² took 19 ms a frame (4 MB sent), at 512² 15 ms; 4 pixels a cell keeps rivers
 * within twice the full picture's width where the picture is larger still.
 */
export const COARSE_PIXELS_PER_CELL = 4;

/** The side a coarse picture of an n grid is drawn at, standing for a full picture of `full` pixels. */
export function coarseSide(n: number, full: number): number {
  return Math.min(full, COARSE_PIXELS_PER_CELL * n);
}

/**
 * A layer of an n grid drawn on a larger side × side picture, for water to be drawn over it as
 * thin as over the full picture (a draft, a drag frame): a river layer (lines) a pixel wide
 * through its cells' centres, anything else each cell a block of pixels, as the map's pixelated
 * scaling would show it. Into `out` when it is given and the right size.
 */
export function renderCoarse(value: Value, n: number, side: number, style: LayerStyle = {}, out?: Uint8ClampedArray): Picture {
  if (value.type === 'field' && isLines(value.meaning)) return renderPreview({ ...value, data: thinLines(value.data, n, side) }, side, side, style, out);
  return enlargePicture(renderPreview(value, n, n, style), side, out);
}

/**
 * Paints the water of `layers` (n × n each, row 0 south) over `rgba` (side × side pixels, north
 * row first) in riverColour's colour, apart from the colours of `apart` (the sea painted under
 * it): rivers and lakes in one colour, a river running into a lake as into the sea. Returns how
 * many pixels it painted, and in which colour.
 */
export function drawWater(rgba: Uint8ClampedArray, side: number, layers: readonly WaterLayer[], n: number, apart: readonly Rgb[] = []): { painted: number; colour: Rgb } {
  if (rgba.length !== side * side * 4) throw new Error(`drawWater: the picture holds ${rgba.length / 4} pixels, expected ${side} × ${side}`);
  const water = waterPixels(layers, n, side);
  const [R, G, B] = riverColour(rgba, water, side, apart);
  let painted = 0;
  for (let r = 0; r < side; r++) {
    for (let c = 0, p = (side - 1 - r) * side * 4; c < side; c++, p += 4) {
      if (!water[r * side + c]) continue;
      rgba[p] = R;
      rgba[p + 1] = G;
      rgba[p + 2] = B;
      rgba[p + 3] = 255;
      painted++;
    }
  }
  return { painted, colour: [R, G, B] };
}

/**
 * Widens the water of a picture drawn by drawWater (its pixels of exactly `colour`, opaque) by a
 * pixel east and south, in place, for a picture shown at fewer screen pixels than it has (the
 * small 3-D view's drape): a line one pixel wide there covers less than a screen pixel, and
 * whatever the texture filter it fades into the land. Returns how many pixels it added.
 */
export function widenWater(rgba: Uint8ClampedArray | Uint8Array, side: number, colour: Rgb): number {
  if (rgba.length !== side * side * 4) throw new Error(`widenWater: the picture holds ${rgba.length / 4} pixels, expected ${side} × ${side}`);
  const [R, G, B] = colour;
  const water = new Uint8Array(side * side);
  for (let k = 0, p = 0; k < side * side; k++, p += 4) if (rgba[p] === R && rgba[p + 1] === G && rgba[p + 2] === B && rgba[p + 3] === 255) water[k] = 1;
  let added = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const k = y * side + x;
      if (water[k]) continue;
      // West or north of this pixel (the picture's first row is north) is water: widen it here.
      if (!((x > 0 && water[k - 1]) || (y > 0 && water[k - side]))) continue;
      const p = k * 4;
      rgba[p] = R;
      rgba[p + 1] = G;
      rgba[p + 2] = B;
      rgba[p + 3] = 255;
      added++;
    }
  }
  return added;
}
