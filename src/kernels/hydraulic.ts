// Hydraulic erosion by droplets (after Hans Theobald Beyer, "Implementation of a method for
// hydraulic erosion", 2015): each droplet rolls downhill with some inertia, picks up sediment
// where it can carry more than it has and drops it where it slows down or climbs.
//
// Pure: heights in, eroded heights, wear and deposit out. Droplets start at positions drawn from
// an integer hash of (seed, droplet number), so the same params give the same bits everywhere.
// The sediment books balance: everything worn away is either deposited somewhere or carried
// off the map's edge by a droplet (a droplet that stops inside the map drops what it carries).

import { scratch } from './scratch.ts';
import { hydraulicRun } from './wasm/hydraulic-instance.ts';

export interface HydraulicParams {
  /** Droplets released per cell (a fraction is a chance); 0 leaves the heights as they are. */
  readonly droplets: number;
  /**
   * World column and row of grid cell 0 on the lattice of this grid's cells: droplets start
   * from a hash of the world cell they fall on, so two overlapping grids release the same
   * droplets over their overlap (default 0, 0).
   */
  readonly originCol?: number;
  readonly originRow?: number;
  readonly seed: number;
  /** How much of its last direction a droplet keeps (0 follows the slope, 1 never turns). */
  readonly inertia: number;
  /** Sediment a droplet can carry per unit of drop, speed and water. */
  readonly capacity: number;
  /** Carrying capacity where the ground is flat, so a droplet still cuts on gentle slopes. */
  readonly minCapacity: number;
  /** Share of the spare capacity taken from the ground per step. */
  readonly erosion: number;
  /** Share of the surplus sediment dropped per step. */
  readonly deposition: number;
  /** Share of the water lost per step. */
  readonly evaporation: number;
  readonly gravity: number;
  /** Radius of the brush the ground is worn with, in cells. */
  readonly radius: number;
  /** Steps after which a droplet stops and drops its load. */
  readonly lifetime: number;
  /**
   * Heights are multiplied by this before the droplets see them (and divided after): the slope
   * of one cell step in the droplet's units. The node sets it from the resolution so a
   * droplet sees the same slopes at 256² and at 1024².
   */
  readonly heightScale: number;
}

export interface HydraulicBooks {
  /** Sum of the wear over all cells (height units). */
  readonly eroded: number;
  /** Sum of the deposits over all cells. */
  readonly deposited: number;
  /** Sediment carried off the map's edge. */
  readonly carriedOff: number;
  /** Droplet steps taken, for the bench. */
  readonly steps: number;
}

/** A 32-bit integer hash (lowbias32 by Chris Wellons): good avalanche, integer math only. */
export function hash32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A number in [0, 1) from a seed, a world cell and a slot (which droplet, which coordinate). */
function unit(seed: number, col: number, row: number, slot: number): number {
  return hash32(hash32(hash32(hash32(seed) ^ col) ^ row) + slot) / 4294967296;
}

/** Offsets and weights of the erosion brush: weight ∝ max(0, radius − distance), summing to 1. */
function brush(radius: number): { dc: Int32Array; dr: Int32Array; w: Float64Array } {
  const r = Math.max(1, radius);
  const reach = Math.ceil(r);
  const dc: number[] = [];
  const dr: number[] = [];
  const w: number[] = [];
  let sum = 0;
  for (let y = -reach; y <= reach; y++) {
    for (let x = -reach; x <= reach; x++) {
      const weight = r - Math.sqrt(x * x + y * y);
      if (weight <= 0) continue;
      dc.push(x);
      dr.push(y);
      w.push(weight);
      sum += weight;
    }
  }
  return { dc: Int32Array.from(dc), dr: Int32Array.from(dr), w: Float64Array.from(w, (v) => v / sum) };
}

/**
 * Erodes `height` (n × n) with droplets. Writes the eroded heights, and per cell the height
 * worn away (wear ≥ 0) and the height laid down (deposit ≥ 0), both in height units. Returns
 * the sediment books, summed in double precision. `checkpoint` is called before each row of cells
 * releases its droplets (the engine's RunContext.checkpoint, which may throw to stop a stale
 * evaluation): n calls in all, none per droplet.
 */
export function hydraulicErosion(
  height: Float32Array,
  n: number,
  p: HydraulicParams,
  /* out */ out: Float32Array,
  /* out */ wear: Float32Array,
  /* out */ deposit: Float32Array,
  checkpoint?: () => void,
): HydraulicBooks {
  return erode(height, n, p, out, wear, deposit, checkpoint, true);
}

/** hydraulicErosion with the droplets in JS: the reference the WebAssembly kernel gives the bits of (tests). */
export function hydraulicErosionJs(
  height: Float32Array,
  n: number,
  p: HydraulicParams,
  /* out */ out: Float32Array,
  /* out */ wear: Float32Array,
  /* out */ deposit: Float32Array,
): HydraulicBooks {
  return erode(height, n, p, out, wear, deposit, undefined, false);
}

function erode(
  height: Float32Array,
  n: number,
  p: HydraulicParams,
  out: Float32Array,
  wear: Float32Array,
  deposit: Float32Array,
  checkpoint: (() => void) | undefined,
  wasm: boolean,
): HydraulicBooks {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['out', out], ['wear', wear], ['deposit', deposit]] as const) {
    if (a.length !== cells) throw new Error(`hydraulic erosion: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  wear.fill(0);
  deposit.fill(0);
  if (p.droplets <= 0 || n < 2) {
    out.set(height);
    return { eroded: 0, deposited: 0, carriedOff: 0, steps: 0 };
  }
  // I work in doubles: Float32 heights would lose the small changes of each step, and the
  // books would no longer balance to 1e-6.
  const scale = p.heightScale;
  const { dc, dr, w } = brush(p.radius);
  const reach = Math.ceil(Math.max(1, p.radius));
  const brushIndex = Int32Array.from(dc, (x, k) => dr[k] * n + x);
  const last = n - 1;
  // Params as locals: the step loop runs millions of times.
  const { inertia, capacity, minCapacity, erosion, deposition, evaporation, gravity, lifetime, seed } = p;
  const keep = 1 - evaporation;
  const brushCells = brushIndex.length;
  let carriedOff = 0;
  let steps = 0;

  const whole = Math.floor(p.droplets);
  const part = p.droplets - whole;
  const col0 = p.originCol ?? 0;
  const row0 = p.originRow ?? 0;
  // The droplets in WebAssembly (hydraulic.as.ts: the same operations, the same bits), about
  // twice as fast; here where its memory cannot hold the grids, or where its i32 parameters
  // cannot hold what this loop does with the params (the node gives whole numbers): a
  // fractional lifetime (step < 7.5 runs 8 steps, an i32 7) or origin ((sc + col0) | 0 of
  // −2.5 is not −2 + sc), or an origin so far out that sc + col0 rounds in a double.
  const exact = Number.isInteger(lifetime) && lifetime <= 0x7fffffff && [col0, row0].every((o) => Number.isInteger(o) && Math.abs(o) <= 2 ** 52);
  const run = wasm && exact ? hydraulicRun(n, { index: brushIndex, dc, dr, w }, reach, { whole, part, col0, row0, seed, lifetime, inertia, capacity, minCapacity, erosion, deposition, keep, gravity }) : null;
  if (run) {
    const h = run.h;
    for (let i = 0; i < cells; i++) h[i] = height[i] * scale;
    for (let r = 0; r < n; r++) {
      checkpoint?.();
      steps += run.rows(r, r + 1);
    }
    return books(run.h, run.worn, run.laid, cells, scale, run.carriedOff(), steps, out, wear, deposit);
  }
  const h = scratch('hydraulic.h', Float64Array, cells);
  for (let i = 0; i < cells; i++) h[i] = height[i] * scale;
  const worn = scratch('hydraulic.worn', Float64Array, cells).fill(0, 0, cells);
  const laid = scratch('hydraulic.laid', Float64Array, cells).fill(0, 0, cells);
  // Cells in row order; each releases `whole` droplets, and one more with chance `part`.
  for (let cell = 0, k = 0; cell < n * n; k++) {
    const sr = (cell / n) | 0;
    const sc = cell - sr * n;
    const wc = (sc + col0) | 0;
    const wr = (sr + row0) | 0;
    if (k === 0 && sc === 0) checkpoint?.();
    if (k >= whole && !(k === whole && unit(seed, wc, wr, 0) < part)) {
      cell++;
      k = -1;
      continue;
    }
    // Anywhere in the cell (cell centres sit at whole coordinates), kept inside [0, n − 1).
    let x = sc - 0.5 + unit(seed, wc, wr, 2 * k + 1);
    let y = sr - 0.5 + unit(seed, wc, wr, 2 * k + 2);
    x = x < 0 ? 0 : x >= last ? last - 1e-9 : x;
    y = y < 0 ? 0 : y >= last ? last - 1e-9 : y;
    let dx = 0;
    let dy = 0;
    let speed = 1;
    let water = 1;
    let sediment = 0;
    let inside = true;
    for (let step = 0; step < lifetime; step++) {
      const c = x | 0;
      const r = y | 0;
      const u = x - c;
      const v = y - r;
      const i = r * n + c;
      const h00 = h[i];
      const h10 = h[i + 1];
      const h01 = h[i + n];
      const h11 = h[i + n + 1];
      const gx = (h10 - h00) * (1 - v) + (h11 - h01) * v;
      const gy = (h01 - h00) * (1 - u) + (h11 - h10) * u;
      const here = h00 * (1 - u) * (1 - v) + h10 * u * (1 - v) + h01 * (1 - u) * v + h11 * u * v;
      dx = dx * inertia - gx * (1 - inertia);
      dy = dy * inertia - gy * (1 - inertia);
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len === 0) break; // a perfectly flat spot: the droplet stops and drops its load below
      dx /= len;
      dy /= len;
      x += dx;
      y += dy;
      steps++;
      if (!(x >= 0 && y >= 0 && x < last && y < last)) {
        // Off the map's edge, carrying its sediment away.
        carriedOff += sediment;
        sediment = 0;
        inside = false;
        break;
      }
      const nc = x | 0;
      const nr = y | 0;
      const nu = x - nc;
      const nv = y - nr;
      const j = nr * n + nc;
      const there = h[j] * (1 - nu) * (1 - nv) + h[j + 1] * nu * (1 - nv) + h[j + n] * (1 - nu) * nv + h[j + n + 1] * nu * nv;
      const drop = there - here;
      const carry = Math.max(-drop * speed * water * capacity, minCapacity);
      if (drop > 0 || sediment > carry) {
        // Climbing: fill the hollow behind (at most what it holds); slowing: drop some surplus.
        const amount = drop > 0 ? Math.min(drop, sediment) : (sediment - carry) * deposition;
        sediment -= amount;
        const a00 = amount * (1 - u) * (1 - v);
        const a10 = amount * u * (1 - v);
        const a01 = amount * (1 - u) * v;
        const a11 = amount - a00 - a10 - a01; // the rest, so the four parts sum to `amount` exactly
        h[i] += a00;
        laid[i] += a00;
        h[i + 1] += a10;
        laid[i + 1] += a10;
        h[i + n] += a01;
        laid[i + n] += a01;
        h[i + n + 1] += a11;
        laid[i + n + 1] += a11;
      } else {
        // Never dig deeper than the drop, or the droplet would carve a pit it then climbs out of.
        // The brush is centred on the cell nearest the droplet: on the cell below it (c, r), where
        // Lague's widely copied implementation anchors it, every gully was worn half a cell
        // south-west of the water, and droplets leaving the map over its south or west edge dug
        // that edge deeper for every droplet after them, without end. And no cell is worn below
        // the height the droplet is heading for, so the brush digs no pit beside the path either.
        const amount = Math.min((carry - sediment) * erosion, -drop);
        const bc = (x - dx + 0.5) | 0;
        const br = (y - dy + 0.5) | 0;
        let taken = 0;
        if (bc >= reach && br >= reach && bc < n - reach && br < n - reach) {
          const bi = br * n + bc;
          for (let b = 0; b < brushCells; b++) {
            const m = bi + brushIndex[b];
            const want = amount * w[b];
            const room = h[m] - there;
            const t = want < room ? want : room > 0 ? room : 0;
            h[m] -= t;
            worn[m] += t;
            taken += t;
          }
        } else {
          // Near the edge the brush loses the cells outside: the droplet takes only what it wore.
          for (let b = 0; b < brushCells; b++) {
            const cc = bc + dc[b];
            const rr = br + dr[b];
            if (cc < 0 || rr < 0 || cc >= n || rr >= n) continue;
            const m = rr * n + cc;
            const want = amount * w[b];
            const room = h[m] - there;
            const t = want < room ? want : room > 0 ? room : 0;
            h[m] -= t;
            worn[m] += t;
            taken += t;
          }
        }
        sediment += taken;
      }
      // Faster going down, slower climbing: v² grows by gravity × the height lost (Beyer 2015).
      // Not v² + drop × gravity, as Lague's widely copied implementation has it (and this kernel
      // had), with the drop negative downhill: a droplet then slowed on every slope it ran down
      // and, at rest after a few steps, carried its minimum capacity only, so the erosion was
      // mostly a blur.
      speed = Math.sqrt(Math.max(0, speed * speed - drop * gravity));
      water *= keep;
    }
    if (inside && sediment > 0) {
      // Stopped inside the map: the load is dropped where the droplet is.
      const c = x | 0;
      const r = y | 0;
      const u = x - c;
      const v = y - r;
      const i = r * n + c;
      const a00 = sediment * (1 - u) * (1 - v);
      const a10 = sediment * u * (1 - v);
      const a01 = sediment * (1 - u) * v;
      const a11 = sediment - a00 - a10 - a01;
      h[i] += a00;
      laid[i] += a00;
      h[i + 1] += a10;
      laid[i + 1] += a10;
      h[i + n] += a01;
      laid[i + n] += a01;
      h[i + n + 1] += a11;
      laid[i + n + 1] += a11;
    }
  }

  return books(h, worn, laid, cells, scale, carriedOff, steps, out, wear, deposit);
}

/** The eroded heights, wear and deposit in height units into the outputs, and the books summed. */
function books(h: Float64Array, worn: Float64Array, laid: Float64Array, cells: number, scale: number, carriedOff: number, steps: number, out: Float32Array, wear: Float32Array, deposit: Float32Array): HydraulicBooks {
  let eroded = 0;
  let deposited = 0;
  const inv = 1 / scale;
  for (let i = 0; i < cells; i++) {
    out[i] = h[i] * inv;
    wear[i] = worn[i] * inv;
    deposit[i] = laid[i] * inv;
    eroded += worn[i];
    deposited += laid[i];
  }
  return { eroded: eroded * inv, deposited: deposited * inv, carriedOff: carriedOff * inv, steps };
}
