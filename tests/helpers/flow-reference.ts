// The flow's JS kernels as they were before the WebAssembly port (src/kernels/wasm/flood.as.ts):
// the reference the port must match bit for bit (tests/flow-wasm.test.ts), and the `js` side of
// scripts/measure-flood.ts.

import { scratch } from '../../src/kernels/scratch.ts';
import { argsortFloat32 } from '../../src/kernels/sort.ts';

/** A cell's receiver when it drains into the sea (a sea neighbour) or off the map's edge. */
const OFF_MAP = -1;
/** The receiver of a sea cell. */
const SEA = -2;
/** In the flood's `place`: a cell the flood has reached, and a sea cell (never reached). */
const REACHED = -1;
const SEA_PLACE = -2;

interface FlowResult {
  /** Land cells in flood order (receivers before the cells draining into them); `count` used. */
  readonly order: Int32Array;
  readonly count: number;
  /** Rain on land, summed in doubles (in rain × cell area). */
  readonly rainOnLand: number;
  /** What left the land: into the sea or off the edge. */
  readonly outflow: number;
}

const DC = [1, -1, 0, 0, 1, 1, -1, -1];
const DR = [0, 0, 1, -1, 1, -1, 1, -1];
const INV_DIST = [1, 1, 1, 1, Math.SQRT1_2, Math.SQRT1_2, Math.SQRT1_2, Math.SQRT1_2];

/**
 * Fills the depressions of the land (cells with height ≥ seaLevel) and finds where each land
 * cell drains. Writes the filled heights (sea cells keep theirs) and the receiver of each land
 * cell (a cell index, or OFF_MAP for an outlet; −2 on sea cells). Returns the land cells in
 * flood order.
 */
export function priorityFloodReference(
  height: Float32Array,
  n: number,
  seaLevel: number,
  /* out */ filled: Float32Array,
  /* out */ receiver: Int32Array,
): { order: Int32Array; count: number } {
  const cells = n * n;
  for (const [name, a] of [['height', height], ['filled', filled], ['receiver', receiver]] as const) {
    if (a.length !== cells) throw new Error(`flow: ${name} holds ${a.length} cells, expected ${n} × ${n} = ${cells}`);
  }
  // Flooded in place on the output: a lake's surface is the exact height of its spill point, a
  // copy of one Float32 height, so Float32 holds every filled height exactly. Fewer and smaller
  // arrays matter here: the flood front wanders over the whole map, and each cell it takes costs
  // the cache lines of its neighbours.
  const f = filled;
  if (f === height) throw new Error('flow: the filled heights must not overwrite the input');
  const order = scratch('flowReference.order', Int32Array, cells);
  const pit = scratch('flowReference.pit', Int32Array, cells);
  // Every land cell's place in the heights sorted ascending (ties in cell order, as the sort is
  // stable): the flood's priority. The same array says what the flood has reached (REACHED) and
  // where the sea is (SEA_PLACE), so the flood reads one array per neighbour for all three; the
  // sea is told from the sorted heights, read in order (NaN is sea, as `>=` is false).
  const byPlace = scratch('flowReference.byPlace', Uint32Array, cells).subarray(0, cells);
  const sorted = scratch('flowReference.sorted', Float32Array, cells).subarray(0, cells);
  argsortFloat32(height, sorted, byPlace);
  const place = scratch('flowReference.place', Int32Array, cells);
  for (let q = 0; q < cells; q++) place[byPlace[q]] = sorted[q] >= seaLevel ? q : SEA_PLACE;
  // The flood's priority queue: land cells keyed by their place in the sorted heights (ties in
  // cell order), so the order is total and defined by the heights alone, not by a heap's layout.
  // The queue is monotone — a cell enters it only when it is strictly higher than the cell
  // being flooded, so its place lies past every place taken so far — so it is a bit per place
  // (`queue`), and taking the lowest is a scan that only moves forward from `word`: about 1/32 of
  // a word read per place, against a binary heap's dozen unpredictable comparisons per cell (two
  // thirds of the flood's time at 1024²). Kept in locals rather than an object: the flood's
  // inner loop is a few instructions a neighbour, and fields cost loads.
  const words = (cells + 31) >>> 5;
  const queue = scratch('flowReference.queue', Uint32Array, words).fill(0, 0, words);
  let word = 0;
  let queued = 0;
  const off = Int32Array.from(DC, (dc, k) => DR[k] * n + dc);
  let count = 0;

  f.set(height);
  // Outlets: land on the edge, or beside the sea (8 neighbours). They drain straight out. A
  // row's cells are pushed in column order, as before the interior got its own loop.
  for (let r = 0; r < n; r++) {
    const edgeRow = r === 0 || r === n - 1;
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const q = place[i];
      if (q === SEA_PLACE) continue;
      let outlet = edgeRow || c === 0 || c === n - 1;
      if (!outlet) {
        // Inside the rim every neighbour exists (reached marks do not hide the sea: −2 stays).
        outlet =
          place[i + 1] === -2 || place[i - 1] === -2 || place[i + n] === -2 || place[i - n] === -2 ||
          place[i + n + 1] === -2 || place[i - n + 1] === -2 || place[i + n - 1] === -2 || place[i - n - 1] === -2;
      }
      if (!outlet) continue;
      receiver[i] = OFF_MAP;
      place[i] = REACHED;
      queue[q >>> 5] |= 1 << (q & 31);
      queued++;
    }
  }
  // The receivers are written here only where the steepest-neighbour pass below keeps them:
  // outlets (above) and lake cells (their flood parent). A cell pushed on the queue is strictly
  // higher than the cell that reached it, a neighbour, so that pass always finds it a strictly
  // lower neighbour and overwrites its receiver: not writing it saves a cache line per cell.
  let pitHead = 0;
  let pitTail = 0;
  while (queued > 0 || pitHead < pitTail) {
    let i: number;
    if (pitHead < pitTail) i = pit[pitHead++];
    else {
      // The lowest queued place: the next set bit from `word` on.
      while (queue[word] === 0) word++;
      const x = queue[word];
      queue[word] = x & (x - 1);
      queued--;
      i = byPlace[(word << 5) | (31 - Math.clz32(x & -x))];
    }
    order[count++] = i;
    const r = (i / n) | 0;
    const c = i - r * n;
    const fi = f[i];
    // Inside the map's rim every neighbour exists: no bounds checks (most cells).
    if (r > 0 && c > 0 && r < n - 1 && c < n - 1) {
      // The 8 neighbours in the order of DC/DR, unrolled (the same visits as the loop below).
      let j: number;
      let q: number;
      j = i + 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i - 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i + n;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i - n;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i + n + 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i - n + 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i + n - 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      j = i - n - 1;
      q = place[j];
      if (q >= 0) {
        place[j] = REACHED;
        if (f[j] <= fi) {
          f[j] = fi;
          receiver[j] = i;
          pit[pitTail++] = j;
        } else {
          queue[q >>> 5] |= 1 << (q & 31);
          queued++;
        }
      }
      continue;
    }
    for (let k = 0; k < 8; k++) {
      const rr = r + DR[k];
      const cc = c + DC[k];
      if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
      const j = rr * n + cc;
      const q = place[j];
      if (q < 0) continue; // reached, or sea
      place[j] = REACHED;
      if (f[j] <= fi) {
        // In a hollow: raised to the spill height, and flooded before anything higher.
        f[j] = fi;
        receiver[j] = i;
        pit[pitTail++] = j;
      } else {
        queue[q >>> 5] |= 1 << (q & 31);
      queued++;
      }
    }
  }
  // Outside lakes, drain down the steepest strictly lower neighbour rather than to whichever
  // neighbour the flood happened to come from: rivers then follow the valleys. A strictly lower
  // cell was flooded earlier, so the drainage still descends in (filled height, flood order).
  // A cell's choice reads only the final filled heights, its flood parent and whether a
  // neighbour is sea, none of which this pass changes: so it runs in memory order, not in the
  // flood's, which wanders over the map (the same receivers, far fewer cache misses).
  const D = Math.SQRT1_2;
  // The sea is where the filled height is below the sea level (or NaN): land is never lowered.
  for (let i = 0; i < cells; i++) {
    const fi = f[i];
    if (!(fi >= seaLevel)) {
      receiver[i] = SEA;
      continue;
    }
    const r = (i / n) | 0;
    const c = i - r * n;
    let best = receiver[i];
    let steepest = 0;
    if (r > 0 && c > 0 && r < n - 1 && c < n - 1) {
      // The 8 neighbours in the order of DC/DR (east, west, north, south, then the diagonals),
      // the axis ones unscaled (× 1 is exact): the same comparisons as the loop below.
      let j = i + 1;
      let s = fi - f[j];
      if (s > steepest) ((steepest = s), (best = j));
      j = i - 1;
      s = fi - f[j];
      if (s > steepest) ((steepest = s), (best = j));
      j = i + n;
      s = fi - f[j];
      if (s > steepest) ((steepest = s), (best = j));
      j = i - n;
      s = fi - f[j];
      if (s > steepest) ((steepest = s), (best = j));
      j = i + n + 1;
      s = (fi - f[j]) * D;
      if (s > steepest) ((steepest = s), (best = j));
      j = i - n + 1;
      s = (fi - f[j]) * D;
      if (s > steepest) ((steepest = s), (best = j));
      j = i + n - 1;
      s = (fi - f[j]) * D;
      if (s > steepest) ((steepest = s), (best = j));
      j = i - n - 1;
      s = (fi - f[j]) * D;
      if (s > steepest) ((steepest = s), (best = j));
      if (steepest > 0 && !(f[best] >= seaLevel)) best = OFF_MAP; // into the sea
      receiver[i] = best;
      continue;
    }
    for (let k = 0; k < 8; k++) {
      const rr = r + DR[k];
      const cc = c + DC[k];
      if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
      const j = rr * n + cc;
      const s = (fi - f[j]) * INV_DIST[k];
      if (s > steepest) {
        steepest = s;
        best = f[j] >= seaLevel ? j : OFF_MAP; // into the sea
      }
    }
    receiver[i] = best;
  }
  return { order, count };
}

/**
 * Gathers rain downstream. `rain` is the rain per land cell (null: 1 everywhere), less `loss`
 * and never below 0; each cell contributes rain × cellArea. Writes the accumulation (the rain of
 * the cell and of everything draining through it) on land, 0 on the sea.
 */
export function accumulateReference(
  receiver: Int32Array,
  order: Int32Array,
  count: number,
  rain: Float32Array | null,
  loss: number,
  cellArea: number,
  /* out */ accumulation: Float32Array,
): FlowResult {
  const cells = accumulation.length;
  if (receiver.length !== cells || (rain && rain.length !== cells)) throw new Error(`flow: rain or receivers do not match the grid of ${cells} cells`);
  // Each cell's own rain, in memory order (the flood's order wanders over the map: a cache miss
  // per cell in rain and acc). The land is every cell with a receiver other than the sea's.
  const acc = scratch('flowReference.acc', Float64Array, cells);
  let rainOnLand = 0;
  for (let i = 0; i < cells; i++) {
    if (receiver[i] === SEA) {
      acc[i] = 0;
      continue;
    }
    const wet = rain ? rain[i] - loss : 1 - loss;
    const v = wet > 0 ? wet * cellArea : 0; // NaN rain counts as none
    acc[i] = v;
    rainOnLand += v;
  }
  // Donors come after their receivers in flood order (or anywhere, for a steeper-neighbour
  // receiver, which is strictly lower hence flooded earlier): walk it backwards.
  let outflow = 0;
  for (let q = count - 1; q >= 0; q--) {
    const i = order[q];
    const to = receiver[i];
    if (to >= 0) acc[to] += acc[i];
    else outflow += acc[i];
  }
  for (let i = 0; i < cells; i++) accumulation[i] = acc[i];
  return { order, count, rainOnLand, outflow };
}
