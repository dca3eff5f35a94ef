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

export const VIEW_SIZE_MIN = 16;
export const VIEW_SIZE_MAX = 4096;

/**
 * The region the water node's `world` cut reads its sea level from: 16 × 16 views centred on
 * the origin, 16 samples per view. Fixed, so the coast does not move while the view pans
 * and is the same at every view resolution.
 */
export const WORLD_CUT_DOMAIN: Domain = Object.freeze({ x0: -8, y0: -8, extent: 16, n: 256 });

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

/** World x of the centre of column c. */
export function cellX(d: Domain, c: number): number {
  return d.x0 + ((c + 0.5) * d.extent) / d.n;
}

/** World y of the centre of row r (row 0 = south). */
export function cellY(d: Domain, r: number): number {
  return d.y0 + ((r + 0.5) * d.extent) / d.n;
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
