// The blended sweep of the world wind (wind-world.ts) over a rectangle of a grid. Each cell
// carries the air of two sweeps: the one begun on the last world-fixed start line upwind and the
// one begun on the line before; it shows their blend by how far it lies past the last. A cell therefore reads at most 2·block − 1 lines upwind and drifts at most
// one cell across the wind a line, so the rectangle a set of cells needs is known in advance
// (sweepRegion) and nothing outside it is swept: the cells asked for get the same operations on
// the same values whatever rectangle, band or thread computed them, bit for bit.
//
// The cells of one line along the wind do not depend on each other (each reads the line before),
// so the inner loop goes across the wind. The sweep runs in WebAssembly (wasm/wind.as.ts, two
// cells at a time); sweepBlendedJs is the same sweep in JS, the reference a test holds it to.

import { scratch } from './scratch.ts';
import { wasmSweep } from './wasm/wind-instance.ts';

/** The sweep a wind angle gives: which axis the wind moves most on and how it shifts per step. */
export interface WindSweep {
  /** True when the wind moves most along columns (east–west). */
  readonly alongColumns: boolean;
  /** +1 or −1: the direction along the major axis. */
  readonly major: 1 | -1;
  /** Minor-axis shift per major step (signed), |slope| ≤ 1. */
  readonly slope: number;
}

/**
 * The unit direction a wind blows towards (x east, y north), with the last-bit residues of
 * cos and sin rounded away: axis-aligned winds are exact and diagonal ones have equal parts.
 */
export function windVector(angleDeg: number): [number, number] {
  const rad = (angleDeg * Math.PI) / 180;
  return [Math.round(Math.cos(rad) * 1e12) / 1e12, Math.round(Math.sin(rad) * 1e12) / 1e12];
}

export function windSweep(angleDeg: number): WindSweep {
  const [dc, dr] = windVector(angleDeg);
  if (Math.abs(dc) >= Math.abs(dr)) {
    return { alongColumns: true, major: dc >= 0 ? 1 : -1, slope: dr / Math.abs(dc) };
  }
  return { alongColumns: false, major: dr >= 0 ? 1 : -1, slope: dc / Math.abs(dr) };
}

/** A line's worth of air (or weights), kept between calls. */
function lineBuffer(tag: string, length: number): Float64Array {
  return scratch(tag, Float64Array, length);
}

/** The grid a sweep runs over: heights, sea level, rank, n × n row-major, and where it lies. */
export interface SweepGrid {
  readonly h: Float32Array;
  readonly level: number;
  readonly rank: Float32Array | null;
  readonly n: number;
  /** Cells a view, and the lattice column and row of the grid's first cell. */
  readonly perUnit: number;
  readonly col0: number;
  readonly row0: number;
}

/** The coarse air the full-resolution sweeps start from, and where its grid lies. */
export interface StartAir {
  readonly air: Float64Array;
  readonly n: number;
  readonly perUnit: number;
  readonly col0: number;
  readonly row0: number;
}

/** Columns c0 … c1 − 1 and rows r0 … r1 − 1 of a grid. */
export interface CellRect {
  readonly c0: number;
  readonly r0: number;
  readonly c1: number;
  readonly r1: number;
}

/** Where the cells of a target rectangle go: out[(r − r0) · stride + (c − c0)]. */
export interface Placement {
  readonly c0: number;
  readonly r0: number;
  readonly stride: number;
}

export interface SweepParams {
  readonly angle: number;
  readonly evap: number;
  readonly dry: number;
  readonly lift: number;
}

/** The phase of line `a` (grid index along the wind) within its block: 0 on a start line. */
function phaseOf(major: 1 | -1, major0: number, a: number, block: number): number {
  const u = major * (major0 + a); // distance downwind in cells, anchored in the world
  return ((u % block) + block) % block;
}

/**
 * The rectangle to sweep so that every cell of `target` is exact: back along the wind to the
 * start line two blocks before its first line's block, across the wind by the drift of that
 * fetch (2·block cells, on the side the slope reads; none for a wind along an axis), clipped to
 * the grid (where the grid ends, the cells there start as the whole grid's would).
 */
export function sweepRegion(g: SweepGrid, angle: number, block: number, target: CellRect): CellRect {
  const { alongColumns, major, slope } = windSweep(angle);
  const offset = Math.floor(-slope);
  const reach = -slope - offset > 0 ? offset + 1 : offset;
  const drift = 2 * block;
  const [a0, a1, m0, m1] = alongColumns ? [target.c0, target.c1, target.r0, target.r1] : [target.r0, target.r1, target.c0, target.c1];
  const major0 = alongColumns ? g.col0 : g.row0;
  let ra0 = a0;
  let ra1 = a1;
  if (major > 0) ra0 = Math.max(0, a0 - phaseOf(major, major0, a0, block) - block);
  else ra1 = Math.min(g.n, a1 + phaseOf(major, major0, a1 - 1, block) + block);
  const rm0 = offset < 0 ? Math.max(0, m0 - drift) : m0;
  const rm1 = reach > 0 ? Math.min(g.n, m1 + drift) : m1;
  return alongColumns ? { c0: ra0, c1: ra1, r0: rm0, r1: rm1 } : { c0: rm0, c1: rm1, r0: ra0, r1: ra1 };
}

/** The coarse air at fine cell (c, r): bilinear between the four coarse cell centres round it. */
function sampleStart(g: SweepGrid, s: StartAir, c: number, r: number): number {
  const scale = s.perUnit / g.perUnit;
  const cn = s.n;
  const fx = (g.col0 + c + 0.5) * scale - 0.5 - s.col0;
  const fy = (g.row0 + r + 0.5) * scale - 0.5 - s.row0;
  const kx = Math.min(cn - 2, Math.max(0, Math.floor(fx)));
  const ky = Math.min(cn - 2, Math.max(0, Math.floor(fy)));
  const wx = Math.min(1, Math.max(0, fx - kx));
  const wy = Math.min(1, Math.max(0, fy - ky));
  const i = ky * cn + kx;
  const air = s.air;
  const south = air[i] + wx * (air[i + 1] - air[i]);
  const north = air[i + cn] + wx * (air[i + cn + 1] - air[i + cn]);
  return south + wy * (north - south);
}

/** The constants of one sweep. */
interface Sweep extends WindSweep {
  readonly wet: number;
  readonly dry: number;
  readonly kLift: number;
  /** Minor offset of the first point read on the previous line, the last, and the weight between. */
  readonly offset: number;
  readonly reach: number;
  readonly t: number;
}

function sweepOf(g: SweepGrid, p: SweepParams): Sweep {
  const s = windSweep(p.angle);
  const step = (Math.sqrt(1 + s.slope * s.slope) * 256) / g.perUnit;
  const offset = Math.floor(-s.slope);
  const t = -s.slope - offset;
  return {
    ...s,
    wet: 1 - Math.exp(-p.evap * step),
    dry: Math.exp(-p.dry * step),
    kLift: 4 * p.lift,
    offset,
    reach: t > 0 ? offset + 1 : offset,
    t,
  };
}

/**
 * Sweeps the air over `region` of `g` in world-anchored blocks of `block` cells and writes the
 * blended air of the cells of `target` (inside `region`) into `out` as `place` says. The air
 * starting on a start line (and at the region's upwind edges) is `start`'s, or saturated (1).
 * Over water air ← air + (1 − air)(1 − e^(−evap·s)); over land air ← air · e^(−dry·s) · e^(−4·lift·max(0, Δr)).
 * Swept in WebAssembly (wind.as.ts), the same bits as sweepBlendedJs.
 */
export function sweepBlended(
  g: SweepGrid,
  p: SweepParams,
  block: number,
  start: StartAir | null,
  region: CellRect,
  target: CellRect,
  place: Placement,
  /* out */ out: Float32Array | Float64Array,
): void {
  const s = sweepOf(g, p);
  wasmSweep(
    {
      h: g.h,
      rank: g.rank,
      level: g.level,
      n: g.n,
      ...region,
      transposed: s.alongColumns,
      major: s.major,
      major0: s.alongColumns ? g.col0 : g.row0,
      block,
      offset: s.offset,
      reach: s.reach,
      t: s.t,
      wet: s.wet,
      dry: s.dry,
      kLift: s.kLift,
      air: start ? start.air : null,
      cn: start ? start.n : 0,
      scale: start ? start.perUnit / g.perUnit : 0,
      fineCol0: g.col0,
      fineRow0: g.row0,
      coarseCol0: start ? start.col0 : 0,
      coarseRow0: start ? start.row0 : 0,
      tc0: target.c0,
      tc1: target.c1,
      tr0: target.r0,
      tr1: target.r1,
      pc0: place.c0,
      pr0: place.r0,
      stride: place.stride,
    },
    out,
  );
}

/** sweepBlended in JS: the reference the WebAssembly sweep is held to, bit for bit. */
export function sweepBlendedJs(
  g: SweepGrid,
  p: SweepParams,
  block: number,
  start: StartAir | null,
  region: CellRect,
  target: CellRect,
  place: Placement,
  /* out */ out: Float32Array | Float64Array,
): void {
  const s = sweepOf(g, p);
  const { c0, c1, r0, r1 } = region;
  if (!s.alongColumns) {
    // Lines are rows already.
    sweepLines(g, s, block, start, { h: g.h, rank: g.rank, base: 0, stride: g.n, transposed: false, a0: r0, a1: r1, b0: c0, b1: c1 }, target, place, out);
    return;
  }
  // Lines are columns: the region's columns are copied into rows first, so that the cells of a
  // line, which do not depend on each other, lie side by side.
  const height = r1 - r0;
  const cells = (c1 - c0) * height;
  const h = scratch('wind.h', Float32Array, cells);
  transpose(g.h, g.n, region, h);
  let rank: Float32Array | null = null;
  if (g.rank && s.kLift > 0) {
    rank = scratch('wind.rank', Float32Array, cells);
    transpose(g.rank, g.n, region, rank);
  }
  sweepLines(g, s, block, start, { h, rank, base: -c0 * height - r0, stride: height, transposed: true, a0: c0, a1: c1, b0: r0, b1: r1 }, target, place, out);
}

/** Copies `region` of the n-wide grid `from` into `to` column by column (column c at (c − c0) · height). */
function transpose(from: Float32Array, n: number, region: CellRect, /* out */ to: Float32Array): void {
  const { c0, c1, r0, r1 } = region;
  const height = r1 - r0;
  const T = 32; // a tile of rows and columns at a time, so reads and writes both stay in cache
  for (let rt = r0; rt < r1; rt += T) {
    const re = Math.min(r1, rt + T);
    for (let ct = c0; ct < c1; ct += T) {
      const ce = Math.min(c1, ct + T);
      for (let r = rt; r < re; r++) {
        const src = r * n;
        for (let c = ct; c < ce; c++) to[(c - c0) * height + (r - r0)] = from[src + c];
      }
    }
  }
}

/**
 * The grid as lines along the wind: line a (a0 … a1 − 1, a row or a column of the grid) holds
 * the cells b0 … b1 − 1 across it at h[base + a · stride + b]; `transposed` when lines are columns.
 */
interface Lines {
  readonly h: Float32Array;
  readonly rank: Float32Array | null;
  readonly base: number;
  readonly stride: number;
  readonly transposed: boolean;
  readonly a0: number;
  readonly a1: number;
  readonly b0: number;
  readonly b1: number;
}

/** The sweep itself, line by line along the wind; the cells of a line are independent. */
function sweepLines(g: SweepGrid, s: Sweep, block: number, start: StartAir | null, L: Lines, target: CellRect, place: Placement, out: Float32Array | Float64Array): void {
  const { level } = g;
  const { h, rank, base, stride, transposed, a0, a1, b0, b1 } = L;
  const { major, wet, dry, kLift, offset, reach, t } = s;
  const width = b1 - b0;
  const major0 = transposed ? g.col0 : g.row0;
  // Cells whose upwind points fall outside the region start afresh (outside every target cell's fetch).
  const bFirst = Math.max(b0, b0 - offset);
  const bLast = Math.min(b1 - 1, b1 - 1 - reach);
  // The target as lines: which lines, and which cells of each.
  const [ta0, ta1, tb0, tb1] = transposed ? [target.c0, target.c1, target.r0, target.r1] : [target.r0, target.r1, target.c0, target.c1];
  // out[oBase + a · oA + b · oB] is cell (line a, cell b).
  const oA = transposed ? 1 : place.stride;
  const oB = transposed ? place.stride : 1;
  const oBase = -place.r0 * place.stride - place.c0;
  const lift = rank && kLift > 0 ? lineBuffer('wind.lift', width) : null;
  let prevNew = lineBuffer('wind.prevNew', width);
  let prevOld = lineBuffer('wind.prevOld', width);
  let curNew = lineBuffer('wind.curNew', width);
  let curOld = lineBuffer('wind.curOld', width);
  const lines = a1 - a0;
  for (let k = 0; k < lines; k++) {
    const a = major > 0 ? a0 + k : a1 - 1 - k;
    const phase = phaseOf(major, major0, a, block);
    const row = base + a * stride;
    if (k === 0) {
      for (let b = b0; b < b1; b++) startAfresh(g, start, L, wet, dry, a, b, curNew, curOld);
    } else {
      const prevRow = row - major * stride;
      // The rain of the climb from the upwind point to each land cell: e^(−4·lift·Δr) when Δr > 0.
      if (lift && rank) {
        for (let b = bFirst; b <= bLast; b++) {
          const i = row + b;
          let f = 1;
          if (!(h[i] < level)) {
            const j0 = prevRow + b + offset;
            const rise = rank[i] - (rank[j0] + t * (rank[prevRow + b + reach] - rank[j0]));
            if (rise > 0) f = Math.exp(-kLift * rise);
          }
          lift[b - b0] = f;
        }
      }
      if (phase === 0) {
        // The older sweep is dropped, the newer becomes the older, a new one starts here.
        for (let b = bFirst; b <= bLast; b++) {
          const x = b - b0;
          const water = h[row + b] < level;
          const fromNew = prevNew[x + offset] + t * (prevNew[x + reach] - prevNew[x + offset]);
          const s0 = start ? startAt(g, start, transposed, a, b) : 1;
          curOld[x] = water ? fromNew + (1 - fromNew) * wet : fromNew * dry * (lift ? lift[x] : 1);
          curNew[x] = water ? s0 + (1 - s0) * wet : s0 * dry;
        }
      } else if (lift) {
        for (let b = bFirst; b <= bLast; b++) {
          const x = b - b0;
          const fromNew = prevNew[x + offset] + t * (prevNew[x + reach] - prevNew[x + offset]);
          const fromOld = prevOld[x + offset] + t * (prevOld[x + reach] - prevOld[x + offset]);
          if (h[row + b] < level) {
            curNew[x] = fromNew + (1 - fromNew) * wet;
            curOld[x] = fromOld + (1 - fromOld) * wet;
          } else {
            const f = lift[x];
            curNew[x] = fromNew * dry * f;
            curOld[x] = fromOld * dry * f;
          }
        }
      } else {
        for (let b = bFirst; b <= bLast; b++) {
          const x = b - b0;
          const fromNew = prevNew[x + offset] + t * (prevNew[x + reach] - prevNew[x + offset]);
          const fromOld = prevOld[x + offset] + t * (prevOld[x + reach] - prevOld[x + offset]);
          if (h[row + b] < level) {
            curNew[x] = fromNew + (1 - fromNew) * wet;
            curOld[x] = fromOld + (1 - fromOld) * wet;
          } else {
            curNew[x] = fromNew * dry * 1;
            curOld[x] = fromOld * dry * 1;
          }
        }
      }
      // The region's edges across the wind (their upwind points lie outside it) start afresh.
      for (let b = b0; b < Math.min(bFirst, b1); b++) startAfresh(g, start, L, wet, dry, a, b, curNew, curOld);
      for (let b = Math.max(bLast + 1, b0); b < b1; b++) startAfresh(g, start, L, wet, dry, a, b, curNew, curOld);
    }
    if (a >= ta0 && a < ta1) {
      const w = phase / block;
      const o = oBase + a * oA;
      for (let b = tb0; b < tb1; b++) out[o + b * oB] = (1 - w) * curOld[b - b0] + w * curNew[b - b0];
    }
    [prevNew, curNew] = [curNew, prevNew];
    [prevOld, curOld] = [curOld, prevOld];
  }
}

/** Both sweeps start at cell b of line a (nothing upwind of it in the region). */
function startAfresh(g: SweepGrid, start: StartAir | null, L: Lines, wet: number, dry: number, a: number, b: number, curNew: Float64Array, curOld: Float64Array): void {
  const water = L.h[L.base + a * L.stride + b] < g.level;
  const s0 = start ? startAt(g, start, L.transposed, a, b) : 1;
  curNew[b - L.b0] = curOld[b - L.b0] = water ? s0 + (1 - s0) * wet : s0 * dry;
}

/** The coarse air at cell b of line a. */
function startAt(g: SweepGrid, start: StartAir, transposed: boolean, a: number, b: number): number {
  return transposed ? sampleStart(g, start, a, b) : sampleStart(g, start, b, a);
}
