// The one module that knows the grid layout: cell i = r · n + c, row 0 is the south row.
//
// A domain is a square of the world sampled as n × n cell centres. The ordinary view is one
// world unit wide (extent 1); the water node's world cut samples a 16 × 16-view square
// coarsely, so it is a domain too, and every kernel works on either without knowing which.

/** World distances are measured in cells of a 256 map, whatever the resolution. */
export const COAST_UNITS = 256;

/** Poles lie this many views north and south of the equator (y = 0). */
export const POLE_DISTANCE = 8;

export interface Domain {
  /** World x of the west edge. */
  readonly x0: number;
  /** World y of the south edge. */
  readonly y0: number;
  /** Width and height in world units (views). */
  readonly extent: number;
  /** Cells per side. */
  readonly n: number;
}

/** The graph file's view: an origin and a resolution; always one world unit wide. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/**
 * The square of world a graph's erosions and flows run over (format version 6), in views: from
 * (x, y), size views a side, whole views each. An evaluation inside it runs every grid-bound
 * node (an erosion, a flow) on the whole world at the resolution asked, so a pan inside it
 * keeps the land; outside it, or without one, they run on the grid asked (the view).
 */
export interface World {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/** Views a world's side may span. */
export const WORLD_SIZE_MAX = 16;
/**
 * Cells a side of the grid a world is run on at most (its size × the cells a view asked, plus
 * its far edge's samples: engine/domains.ts worldGrid), the browser's largest whole grid for a
 * tiled export too: past it, an evaluation runs its erosions on the grid asked, as without a world.
 */
export const WORLD_GRID_MAX = 4097;

export const VIEW_SIZE_MIN = 16;
export const VIEW_SIZE_MAX = 4096;

/**
 * How far from 0 a view's origin may lie, in views, each way. A domain's cells are counted as
 * integers on the world's lattice (latticeOf: origin × cells a view); up to 10⁹ views at 4096
 * (or a build's 65,536) cells a view those integers stay exact in a double with room to spare,
 * where at 10²⁰ the halo's cell count rounded to 262,144 a side (an engine out of memory) and at
 * 10³⁰⁸ the noise read ∞ − ∞ (NaN). Within it a cell's value is the same from every view, but
 * the noises do repeat: their lattices are hashed as 32-bit integers, so a simplex noise of F
 * cycles a view repeats every 3.5 · 10⁹ / F views (4.4 · 10⁸ at 8), a cellular noise of F cells
 * a view every 2³² / F (1.7 · 10⁷ at 256).
 */
export const WORLD_ORIGIN_MAX = 1e9;

/** "… is farther from 0 than …" for a world coordinate beyond WORLD_ORIGIN_MAX, or null. */
export function farOrigin(v: number): string | null {
  return Math.abs(v) > WORLD_ORIGIN_MAX ? `${v} is farther from 0 than an origin may lie (${WORLD_ORIGIN_MAX.toExponential()} views each way)` : null;
}

/**
 * What is wrong when a world of `size` views from `corner` (its x, or its y) ends past
 * WORLD_ORIGIN_MAX, or null. A world lies within the bound with both its edges, as a build's
 * region does (build/plan.ts makePlan checks every corner): checked by its corner alone, a file's
 * world from 10⁹ − 1 ended past it, the editor took it, and `build --region world` and the Tiles
 * box refused a region nobody had typed. A view's origin, checked alone, may lie on the bound, its
 * far edge a view past it: no world holds such a view (viewer-core/world-note.ts worldAround).
 */
export function farWorldEdge(corner: number, size: number, axis: 'x' | 'y'): string | null {
  const edge = corner + size;
  if (Math.abs(edge) <= WORLD_ORIGIN_MAX) return null;
  const [side, towards] = axis === 'x' ? ['east', 'west'] : ['north', 'south'];
  // A smaller world helps only where one view from the corner ends within the bound: on it, none does.
  const smaller = corner + 1 <= WORLD_ORIGIN_MAX ? ', or make it smaller' : '';
  return `${corner} + ${size} views puts the world's ${side} edge at ${edge}, farther from 0 than a world may reach (${WORLD_ORIGIN_MAX.toExponential()} views each way): move it ${towards}${smaller}`;
}

/**
 * The region the water node's world cut reads its sea level from: 16 × 16 views centred on
 * the origin, sampled at `perView` cells a view (16, 8 or 4: 65,536, 16,384 or 4,096 samples).
 * Fixed, so the coast does not move while the view pans and is the same at every view
 * resolution. One object per sampling, so its cache key is made once.
 */
export function worldCutDomain(perView: number): Domain {
  let d = worldCuts.get(perView);
  if (!d) worldCuts.set(perView, (d = Object.freeze({ x0: -8, y0: -8, extent: 16, n: 16 * perView })));
  return d;
}

const worldCuts = new Map<number, Domain>();

/** The world cut at 16 cells a view, the sampling of every file written before 8 and 4 were offered. */
export const WORLD_CUT_DOMAIN: Domain = worldCutDomain(16);

export function viewDomain(view: View): Domain {
  return { x0: view.x, y0: view.y, extent: 1, n: view.size };
}

const keys = new WeakMap<Domain, string>();

/** A string naming the domain, for cache keys. Domains are immutable, so the key is memoised. */
export function domainKey(d: Domain): string {
  let key = keys.get(d);
  if (key === undefined) {
    key = `${d.x0},${d.y0},${d.extent},${d.n}`;
    keys.set(d, key);
  }
  return key;
}

/**
 * Where a domain sits on the world's lattice: `perUnit` cells per world unit and the lattice
 * index of its west column and south row. Two domains on the same lattice (a view and the
 * same view grown by a halo, or two overlapping views) then name a world cell by the same
 * integers, and every position is computed from those integers, so the cell's value does not
 * depend on which domain computed it. Null for a domain off any lattice (a view origin that
 * is not a whole number of cells from 0): its positions are then computed from x0 directly.
 */
export interface Lattice {
  readonly perUnit: number;
  readonly col0: number;
  readonly row0: number;
}

const lattices = new WeakMap<Domain, Lattice | null>();

/**
 * True when v is an integer up to the rounding of a few float operations: within 10⁻⁶ near 0,
 * and within a few units in the last place of v farther out, where a lattice column is counted
 * from an origin that is itself rounded (x0 = col0 / perUnit, then x0 · perUnit: up to 2⁻⁵² · v
 * off, 2 · 10⁻⁵ at the 9.7 · 10¹⁰ columns of a 97² view 10⁹ views out). A flat 10⁻⁶ lost the
 * lattice of such views (a grown domain at 97, 1000 or 3000 cells a view from 10⁷–10⁸ views out),
 * so their cells were placed from x0 directly and depended on the view.
 */
function nearInteger(v: number): boolean {
  return Math.abs(v - Math.round(v)) <= Math.max(1e-6, Math.abs(v) * 2 ** -50);
}

export function latticeOf(d: Domain): Lattice | null {
  let l = lattices.get(d);
  if (l === undefined) {
    // Cells a view as the whole number it is near: n / extent of a grown domain (extent =
    // n / perUnit) may be an ulp off, and times an origin 10⁹ views out that ulp is 10⁻⁵ cells.
    const perUnit = d.n / d.extent;
    const whole = Math.round(perUnit);
    const col0 = d.x0 * whole;
    const row0 = d.y0 * whole;
    l = nearInteger(perUnit) && whole > 0 && nearInteger(col0) && nearInteger(row0) ? { perUnit: whole, col0: Math.round(col0), row0: Math.round(row0) } : null;
    lattices.set(d, l);
  }
  return l;
}

/** The domain of the lattice cells [col0, col0 + n) × [row0, row0 + n) at perUnit cells per unit. */
export function latticeDomain(perUnit: number, col0: number, row0: number, n: number): Domain {
  return { x0: col0 / perUnit, y0: row0 / perUnit, extent: n / perUnit, n };
}

/** World x of the centre of column c. */
export function cellX(d: Domain, c: number): number {
  const l = latticeOf(d);
  return l ? (l.col0 + c + 0.5) / l.perUnit : d.x0 + ((c + 0.5) * d.extent) / d.n;
}

/** World y of the centre of row r (row 0 = south). */
export function cellY(d: Domain, r: number): number {
  const l = latticeOf(d);
  return l ? (l.row0 + r + 0.5) / l.perUnit : d.y0 + ((r + 0.5) * d.extent) / d.n;
}

/** cellX of columns 0 … n − 1 and cellY of rows 0 … n − 1 into xs and ys, the lattice looked up once: the same numbers. */
export function cellCentres(d: Domain, /* out */ xs: Float64Array, /* out */ ys: Float64Array): void {
  const l = latticeOf(d);
  for (let c = 0; c < d.n; c++) {
    xs[c] = l ? (l.col0 + c + 0.5) / l.perUnit : d.x0 + ((c + 0.5) * d.extent) / d.n;
    ys[c] = l ? (l.row0 + c + 0.5) / l.perUnit : d.y0 + ((c + 0.5) * d.extent) / d.n;
  }
}

/** Length of one grid cell in cells of a 256 map (COAST_UNITS per view). */
export function cellLength256(d: Domain): number {
  return (COAST_UNITS * d.extent) / d.n;
}

/** Column, row and index of the cell containing world point (x, y), or null when outside. */
export function cellAt(d: Domain, x: number, y: number): { c: number; r: number; i: number } | null {
  const c = Math.floor(((x - d.x0) / d.extent) * d.n);
  const r = Math.floor(((y - d.y0) / d.extent) * d.n);
  if (c < 0 || r < 0 || c >= d.n || r >= d.n) return null;
  return { c, r, i: r * d.n + c };
}

/** Throws when a grid buffer does not hold exactly n × n cells: kernels check on entry. */
export function assertGrid(name: string, array: ArrayLike<number>, d: Domain): void {
  if (array.length !== d.n * d.n) {
    throw new Error(`${name} holds ${array.length} cells, expected ${d.n} × ${d.n} = ${d.n * d.n}`);
  }
}

/**
 * An n × n grid's cells read in place out of a larger grid: cell (c, r) is
 * data[(dr + r) · stride + dc + c] (a crop that copies nothing; stride = n, dc = dr = 0 for the
 * grid itself).
 */
export interface GridWindow<T extends Float32Array | Uint8Array = Float32Array> {
  readonly data: T;
  readonly stride: number;
  readonly dc: number;
  readonly dr: number;
}

/** Throws when a window does not hold an n × n grid inside its data: kernels check on entry, as assertGrid. */
export function assertWindow(name: string, w: GridWindow<Float32Array | Uint8Array>, d: Domain): void {
  if (w.dc < 0 || w.dr < 0 || w.dc + d.n > w.stride || (w.dr + d.n - 1) * w.stride + w.dc + d.n > w.data.length) {
    throw new Error(`${name}: a window at (${w.dc}, ${w.dr}) in rows of ${w.stride} of ${w.data.length} cells holds no ${d.n} × ${d.n} grid`);
  }
}

/** The whole grid as a window of itself. */
export function wholeWindow<T extends Float32Array | Uint8Array>(data: T, n: number): GridWindow<T> {
  return { data, stride: n, dc: 0, dr: 0 };
}

/** `rows` rows of `n` cells read in place out of a wider grid: row i starts at data[at + i · stride]. */
export interface StridedRows {
  readonly data: Float32Array;
  readonly at: number;
  readonly stride: number;
  readonly n: number;
  readonly rows: number;
}

/** Rows r0 … r1 − 1 of an n-wide window: a plain view of the data where they lie end to end, else strided rows. */
export function windowRows(w: GridWindow, n: number, r0: number, r1: number): Float32Array | StridedRows {
  const at = (w.dr + r0) * w.stride + w.dc;
  if (w.stride === n) return w.data.subarray(at, at + (r1 - r0) * n);
  return { data: w.data, at, stride: w.stride, n, rows: r1 - r0 };
}

/** The cells in a plain grid or strided rows. */
export function cellCount(g: ArrayLike<number> | StridedRows): number {
  return 'rows' in g ? g.rows * g.n : g.length;
}

/** Most cells on a side of one domain (a build tile, a grown view): larger would not fit in memory. */
export const DOMAIN_SIZE_MAX = 16384;

/** Why a domain cannot be evaluated (for a message naming it), or null when it can. */
export function checkDomain(d: unknown): string | null {
  if (typeof d !== 'object' || d === null) return `a domain must be an object { x0, y0, extent, n }, got ${d === null ? 'null' : typeof d}`;
  const { x0, y0, extent, n } = d as Record<string, unknown>;
  const bad: string[] = [];
  if (typeof x0 !== 'number' || !Number.isFinite(x0)) bad.push(`x0 must be a finite number, got ${String(x0)}`);
  else if (Math.abs(x0) > 2 * WORLD_ORIGIN_MAX) bad.push(`x0 must lie within ±${(2 * WORLD_ORIGIN_MAX).toExponential()} views, got ${x0}`);
  if (typeof y0 !== 'number' || !Number.isFinite(y0)) bad.push(`y0 must be a finite number, got ${String(y0)}`);
  else if (Math.abs(y0) > 2 * WORLD_ORIGIN_MAX) bad.push(`y0 must lie within ±${(2 * WORLD_ORIGIN_MAX).toExponential()} views, got ${y0}`);
  if (typeof extent !== 'number' || !Number.isFinite(extent) || extent <= 0) bad.push(`extent must be a finite number above 0, got ${String(extent)}`);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > DOMAIN_SIZE_MAX) bad.push(`n must be a whole number of cells from 1 to ${DOMAIN_SIZE_MAX}, got ${String(n)}`);
  return bad.length ? `bad domain: ${bad.join('; ')}` : null;
}
