// Domain geometry for the engine's halos: growing a domain by a footprint's margins in whole
// cells, merging the domains a node's consumers need into few evaluations, and cropping.

import { type Domain, domainKey, latticeDomain, latticeOf, type World, WORLD_GRID_MAX } from '../grid.ts';
import type { Margins } from '../model/manifest.ts';

/** A domain's cells as integer rectangles on its lattice (cells per unit, west column, south row). */
interface Box {
  readonly perUnit: number;
  readonly c0: number;
  readonly r0: number;
  readonly c1: number; // exclusive
  readonly r1: number; // exclusive
}

/**
 * The lattice box of a domain. A domain off every lattice (an origin that is not a whole number
 * of cells from 0) gets a box on a lattice shifted to it: its own cells are still counted in
 * whole cells, so a halo around it and the crop back are exact.
 */
function boxOf(d: Domain): Box {
  const l = latticeOf(d);
  if (l) return { perUnit: l.perUnit, c0: l.col0, r0: l.row0, c1: l.col0 + d.n, r1: l.row0 + d.n };
  return { perUnit: d.n / d.extent, c0: 0, r0: 0, c1: d.n, r1: d.n };
}

/** Offset of b's origin from a's in whole cells, or null when they are not on one lattice. */
export function cellOffset(a: Domain, b: Domain): { dc: number; dr: number } | null {
  // On one lattice: the difference of the integers, exact however far out.
  const la = latticeOf(a);
  const lb = latticeOf(b);
  if (la && lb && la.perUnit === lb.perUnit) return { dc: lb.col0 - la.col0, dr: lb.row0 - la.row0 };
  const pa = a.n / a.extent;
  const pb = b.n / b.extent;
  if (Math.abs(pa - pb) > 1e-9 * pa) return null;
  const dc = (b.x0 - a.x0) * pa;
  const dr = (b.y0 - a.y0) * pa;
  // Off every lattice, the origins' difference in doubles is off by up to an ulp of each origin
  // times the cells a view: 10⁻⁵ cells 10⁹ views out at 97 a view, where a flat 10⁻⁶ found no
  // offset (the coast of such a view failed), and still far under half a cell at 2 · 10⁹ × 65,536.
  const slack = Math.max(1e-6, (Math.abs(a.x0) + Math.abs(b.x0) + Math.abs(a.y0) + Math.abs(b.y0)) * pa * 2 ** -50);
  if (Math.abs(dc - Math.round(dc)) > slack || Math.abs(dr - Math.round(dr)) > slack) return null;
  return { dc: Math.round(dc), dr: Math.round(dr) };
}

/**
 * The world's grid on the lattice of `asked` (its cells a view): its samples, the cells from its
 * south-west corner's to its north-east corner's, both included (size · N + 1 a side at N cells a
 * view), as a build of the world's square lays out its samples (build/plan.ts gridOf), so such a
 * build whose tiles fill the square runs its erosion on this very grid. Null when the world does
 * not hold every cell of `asked` or the grid is past WORLD_GRID_MAX cells a side.
 */
export function worldGrid(world: World, asked: Domain): Domain | null {
  const l = latticeOf(asked);
  const n = world.size * (l?.perUnit ?? 0) + 1;
  if (!l || n > WORLD_GRID_MAX) return null;
  const grid = latticeDomain(l.perUnit, world.x * l.perUnit, world.y * l.perUnit, n);
  return covers(grid, asked) ? grid : null;
}

/** True when `outer` holds every cell of `inner` on the same lattice. */
export function covers(outer: Domain, inner: Domain): boolean {
  const o = cellOffset(outer, inner);
  return o !== null && o.dc >= 0 && o.dr >= 0 && o.dc + inner.n <= outer.n && o.dr + inner.n <= outer.n;
}

/** A square domain on the lattice of `like` covering the cell box [c0, c1) × [r0, r1), extended evenly where it is narrower. */
function squareOver(like: Domain, c0: number, r0: number, c1: number, r1: number): Domain {
  const side = Math.max(c1 - c0, r1 - r0);
  const sc = c0 - Math.floor((side - (c1 - c0)) / 2);
  const sr = r0 - Math.floor((side - (r1 - r0)) / 2);
  const l = latticeOf(like);
  if (l) return latticeDomain(l.perUnit, sc, sr, side);
  // Off-lattice: place relative to `like`'s own origin.
  const cell = like.extent / like.n;
  return { x0: like.x0 + sc * cell, y0: like.y0 + sr * cell, extent: side * cell, n: side };
}

/** A margin in whole cells of size `cell`, rounded up. */
function wholeCells(v: number, cell: number): number {
  return v > 0 ? Math.ceil(v / cell - 1e-9) : 0;
}

/**
 * The domain a node with these margins needs its inputs on: `d` grown by whole cells of its own
 * lattice (each side rounded up), as a square (kernels work on n × n grids). `d` itself when
 * every margin is 0.
 */
export function grow(d: Domain, m: Margins): Domain {
  const cell = d.extent / d.n;
  const w = wholeCells(m.west, cell);
  const e = wholeCells(m.east, cell);
  const s = wholeCells(m.south, cell);
  const nn = wholeCells(m.north, cell);
  if (w === 0 && e === 0 && s === 0 && nn === 0) return d;
  const b = boxOf(d);
  const origin = latticeOf(d) ? b : { c0: 0, r0: 0 };
  return squareOver(d, origin.c0 - w, origin.r0 - s, origin.c0 + d.n + e, origin.r0 + d.n + nn);
}

/**
 * The domains to evaluate a node on so that each needed domain is covered: needs on one lattice
 * are merged into one square when computing their union costs no more cells than computing them
 * apart (a view and the view grown by a halo become the grown view); needs on other lattices
 * (the world cut's coarse grid) stay separate. A need equal to an existing domain keeps that
 * object, so cache keys match.
 */
export function mergeNeeds(needs: readonly Domain[]): Domain[] {
  const out: Domain[] = [];
  for (const need of needs) {
    let merged = false;
    for (let k = 0; k < out.length && !merged; k++) {
      const have = out[k];
      if (domainKey(have) === domainKey(need) || covers(have, need)) {
        merged = true;
      } else if (covers(need, have)) {
        out[k] = need;
        merged = true;
      } else {
        const o = cellOffset(have, need);
        if (!o) continue;
        const c0 = Math.min(0, o.dc);
        const r0 = Math.min(0, o.dr);
        const c1 = Math.max(have.n, o.dc + need.n);
        const r1 = Math.max(have.n, o.dr + need.n);
        const side = Math.max(c1 - c0, r1 - r0);
        if (side * side > have.n * have.n + need.n * need.n) continue;
        const l = latticeOf(have);
        out[k] = l ? latticeDomain(l.perUnit, l.col0 + c0, l.row0 + r0, side) : squareOver(have, c0, r0, c1, r1);
        merged = true;
      }
    }
    if (!merged) out.push(need);
  }
  // A merge may have made one domain cover another found earlier.
  return out.filter((d, i) => !out.some((o, j) => j !== i && covers(o, d) && (domainKey(o) !== domainKey(d) || j < i)));
}

/** What a band of a crop reads and writes: rows of `out` (n wide) from `data` (m wide) at column dc, row dr. */
export type CropBand = {
  readonly data: Float32Array | Uint8Array | Uint32Array;
  readonly out: Float32Array | Uint8Array | Uint32Array;
  readonly m: number;
  readonly n: number;
  readonly dc: number;
  readonly dr: number;
};

/** Rows r0 … r1 − 1 of a crop. */
export function cropBand(a: CropBand, r0: number, r1: number): void {
  const { data, out, m, n, dc, dr } = a;
  for (let r = r0; r < r1; r++) {
    const src = (r + dr) * m + dc;
    out.set(data.subarray(src, src + n) as never, r * n);
  }
}

/** The name bands() runs cropBand by (src/parallel/band-worker.ts finds it; no node type starts with #). */
export const CROP_BAND = '#crop';

/**
 * Copies the cells of `to` out of `data` laid out on `from` (which covers it) into `out`, in row
 * bands over the thread pool when `bandsBy` is given (the engine passes bands()).
 */
export function cropInto<T extends Float32Array | Uint8Array | Uint32Array>(
  data: T,
  from: Domain,
  to: Domain,
  /* out */ out: T,
  bandsBy: (args: CropBand, rows: number) => void = (args, rows) => cropBand(args, 0, rows),
): void {
  const o = cellOffset(from, to);
  if (!o || !covers(from, to)) throw new Error(`internal: cannot crop ${domainKey(from)} to ${domainKey(to)}`);
  bandsBy({ data, out, m: from.n, n: to.n, dc: o.dc, dr: o.dr }, to.n);
}

/** True when `d` lies on `grid`'s lattice (whole cells of the same size apart), whether or not `grid` holds it. */
export function sameLattice(grid: Domain, d: Domain): boolean {
  return cellOffset(grid, d) !== null;
}

/**
 * Copies the cells of `to` out of `data` laid out on `from`, on the same lattice, into `out`,
 * `slots` values a cell (1 but for a soft biome map's ids and weights): a cell of `to` outside
 * `from` takes the values of the nearest cell of `from` (its edge row or column, its corner).
 * What a reader of a grid-bound node reads past the grid the node is bound to (the view, the
 * world, a build's grid): the engine runs such a node on that grid alone, whatever its readers'
 * halos (grid-bound.ts), and extends it so. Where `from` covers `to`, a crop.
 */
export function extendInto<T extends Float32Array | Uint8Array | Uint32Array>(data: T, from: Domain, to: Domain, /* out */ out: T, slots = 1): void {
  const o = cellOffset(from, to);
  if (!o) throw new Error(`internal: cannot extend ${domainKey(from)} to ${domainKey(to)}: not on one lattice`);
  const { dc, dr } = o;
  const m = from.n;
  const n = to.n;
  // The columns of `to` inside `from`: [c0, c1); those before take column 0, those after m − 1.
  const c0 = Math.min(n, Math.max(0, -dc));
  const c1 = Math.max(c0, Math.min(n, m - dc));
  for (let r = 0; r < n; r++) {
    const sr = Math.min(m - 1, Math.max(0, r + dr));
    const row = sr * m;
    const at = r * n;
    if (c1 > c0) out.set(data.subarray((row + c0 + dc) * slots, (row + c1 + dc) * slots) as never, (at + c0) * slots);
    for (let c = 0; c < n; c++) {
      if (c === c0 && c1 > c0) c = c1;
      if (c >= n) break;
      const sc = c < c0 ? 0 : m - 1;
      const src = (row + sc) * slots;
      for (let k = 0; k < slots; k++) out[(at + c) * slots + k] = data[src + k];
    }
  }
}

/**
 * Cuts `to`'s cells out of per-cell groups of `slots` values on `from` (a soft biome map's ids or
 * weights, SOFT_SLOTS a cell), `to` held by `from` on its lattice, into `out`.
 */
export function cropSlotsInto<T extends Float32Array | Uint8Array>(data: T, slots: number, from: Domain, to: Domain, /* out */ out: T): void {
  const { dc, dr } = cellOffset(from, to)!;
  const w = to.n * slots;
  for (let r = 0; r < to.n; r++) {
    const src = ((r + dr) * from.n + dc) * slots;
    out.set(data.subarray(src, src + w), r * w);
  }
}
