// The flow's Priority-Flood and accumulation (src/kernels/flow.ts) in WebAssembly, with the sort
// of the land's heights the flood starts from, and fluvial erosion's drainage chains: the same
// decisions (comparisons, or ones that decide alike: see visit), the same Float32 copies and the
// same doubles in the same order as the JS kernels they replaced
// (tests/helpers/flow-reference.ts), so the same bits. flow.ts describes the method; this file
// only says where it differs in form.
//
// Not TypeScript: `npm run wasm` compiles this file into flood-binary.ts. The caller lays out
// every array in the module's memory and passes their byte offsets; the module has no static
// data (nothing another instance could share), and nothing allocates.

import { LEFT_OUT, radixArgsort } from './radix.as';

/** A cell's receiver when it drains into the sea or off the map's edge (flow.ts OFF_MAP). */
const OFF_MAP: i32 = -1;
/** The receiver of a sea cell. */
const SEA: i32 = -2;
/** In `place`: a cell the flood has reached, and a sea cell. */
const REACHED: i32 = -1;
const SEA_PLACE: i32 = LEFT_OUT;

// The flood's state between the calls of visit: the pit queue's tail, the count of queued places.
let pitTail: i32 = 0;
let queued: i32 = 0;

/**
 * The flood reaching cell j from cell i, the flood's level fi: a hollow (its height at most fi)
 * is raised to fi and goes on the pit queue, a higher cell on the priority queue (its bit at its
 * place). A cell not yet reached still has its own height, sorted[its place], and the land's
 * sorted heights ascend, so "at most fi" is "its place is under `below`", the first place
 * higher than the level: the flood reads no height of a neighbour.
 */
// @ts-ignore: decorator
@inline function visit(i: i32, j: i32, fi: f32, below: i32, fAt: usize, receiverAt: usize, placeAt: usize, pitAt: usize, queueAt: usize): void {
  const pj = placeAt + (<usize>j << 2);
  const q = load<i32>(pj);
  if (q < 0) return; // reached, or sea
  store<i32>(pj, REACHED);
  if (q < below) {
    store<f32>(fAt + (<usize>j << 2), fi);
    store<i32>(receiverAt + (<usize>j << 2), i);
    store<i32>(pitAt + (<usize>pitTail << 2), j);
    pitTail++;
  } else {
    const w = queueAt + (<usize>(q >>> 5) << 2);
    store<u32>(w, load<u32>(w) | (1 << (q & 31)));
    queued++;
  }
}

/**
 * Floods the land of the n × n heights at fAt in place (filled heights out): sorts the land
 * (radixArgsort: the sorted heights to sortedAt, the cell at each place to byPlaceAt, in the
 * receivers' and order's memory while it sorts, both written after), then writes every cell's
 * receiver and the land cells in flood order. `place` holds n² Int32 (written here: each land
 * cell's place, SEA_PLACE on the sea, then REACHED as the flood goes), `pit` n², `queue`
 * (n² + 31) / 32 words (zeroed here), `table` 2 × 65,536 words. Returns the count of land cells.
 */
export function flood(n: i32, seaLevel: f64, fAt: usize, sortedAt: usize, byPlaceAt: usize, placeAt: usize, receiverAt: usize, orderAt: usize, pitAt: usize, queueAt: usize, tableAt: usize): i32 {
  const cells = n * n;
  const words = (cells + 31) >>> 5;
  // The land's heights sorted in this module's memory (radix.as.ts, the sort kernels.as.ts's
  // argsort runs on every height), so they are not copied to that module and back. The
  // receivers' and the order's memory follow one another: 8 bytes a cell for the sort's pairs.
  const land = radixArgsort(cells, fAt, true, seaLevel, sortedAt, byPlaceAt, placeAt, tableAt, receiverAt);
  memory.fill(queueAt, 0, <usize>words << 2);
  pitTail = 0;
  queued = 0;
  // Outlets: land on the edge or beside the sea, in cell order.
  for (let r = 0; r < n; r++) {
    const edgeRow = r == 0 || r == n - 1;
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const pi = placeAt + (<usize>i << 2);
      const q = load<i32>(pi);
      if (q == SEA_PLACE) continue;
      let outlet = edgeRow || c == 0 || c == n - 1;
      if (!outlet) {
        const up = <usize>n << 2;
        outlet =
          load<i32>(pi + 4) == SEA_PLACE || load<i32>(pi - 4) == SEA_PLACE || load<i32>(pi + up) == SEA_PLACE || load<i32>(pi - up) == SEA_PLACE ||
          load<i32>(pi + up + 4) == SEA_PLACE || load<i32>(pi - up + 4) == SEA_PLACE || load<i32>(pi + up - 4) == SEA_PLACE || load<i32>(pi - up - 4) == SEA_PLACE;
      }
      if (!outlet) continue;
      store<i32>(receiverAt + (<usize>i << 2), OFF_MAP);
      store<i32>(pi, REACHED);
      const w = queueAt + (<usize>(q >>> 5) << 2);
      store<u32>(w, load<u32>(w) | (1 << (q & 31)));
      queued++;
    }
  }
  // The priority queue is monotone: a cell enters it only when strictly higher than the cell
  // being flooded, so its place lies past every place taken so far. So it is a bit per place,
  // and taking the lowest is a scan that only moves forward from `word` (about 1/32 of a word
  // read per place, against a binary heap's dozen unpredictable comparisons per cell). A hollow
  // goes on the plain pit queue instead (Barnes' "improved" variant), flooded before anything
  // higher.
  //
  // The flood's level fi is the height of the cell last taken off the priority queue: the cells
  // of the pit queue were raised to it, and it is emptied before the next. `below` is the first
  // place past it whose height is higher (only moving forward too).
  let pitHead = 0;
  let word = 0;
  let count = 0;
  let fi: f32 = 0;
  let below = 0;
  while (queued > 0 || pitHead < pitTail) {
    let i: i32;
    if (pitHead < pitTail) {
      i = load<i32>(pitAt + (<usize>pitHead << 2));
      pitHead++;
    } else {
      while (load<u32>(queueAt + (<usize>word << 2)) == 0) word++;
      const wAt = queueAt + (<usize>word << 2);
      const x = load<u32>(wAt);
      store<u32>(wAt, x & (x - 1));
      queued--;
      const q = (word << 5) | <i32>ctz(x);
      i = load<i32>(byPlaceAt + (<usize>q << 2));
      fi = load<f32>(sortedAt + (<usize>q << 2));
      // The places before q are lower land.
      if (below <= q) below = q + 1;
      while (below < land && load<f32>(sortedAt + (<usize>below << 2)) <= fi) below++;
    }
    store<i32>(orderAt + (<usize>count << 2), i);
    count++;
    const r = i / n;
    const c = i - r * n;
    if (r > 0 && c > 0 && r < n - 1 && c < n - 1) {
      // The 8 neighbours in flow.ts's order: east, west, north, south, then the diagonals.
      visit(i, i + 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i - 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i + n, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i - n, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i + n + 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i - n + 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i + n - 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      visit(i, i - n - 1, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
      continue;
    }
    // On the rim: the same order (as steepest's rim), the neighbours off the map skipped.
    for (let k = 0; k < 8; k++) {
      const dc = k == 0 || k == 4 || k == 5 ? 1 : k == 1 || k == 6 || k == 7 ? -1 : 0;
      const dr = k == 2 || k == 4 || k == 6 ? 1 : k == 3 || k == 5 || k == 7 ? -1 : 0;
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && cc >= 0 && rr < n && cc < n) visit(i, rr * n + cc, fi, below, fAt, receiverAt, placeAt, pitAt, queueAt);
    }
  }
  steepest(n, seaLevel, fAt, receiverAt);
  return count;
}

/** One neighbour's drop (fi − fj, × d): steeper than the steepest so far? flow.ts's doubles. */
// @ts-ignore: decorator
@inline function drop(fi: f64, fAt: usize, j: i32): f64 {
  return fi - <f64>load<f32>(fAt + (<usize>j << 2));
}

/**
 * Outside lakes, each land cell drains down its steepest strictly lower neighbour (into the sea:
 * OFF_MAP), else to the receiver the flood gave it; sea cells get SEA. In memory order.
 */
function steepest(n: i32, seaLevel: f64, fAt: usize, receiverAt: usize): void {
  const cells = n * n;
  const D: f64 = Math.SQRT1_2;
  for (let i = 0; i < cells; i++) {
    const fi = <f64>load<f32>(fAt + (<usize>i << 2));
    const ri = receiverAt + (<usize>i << 2);
    if (!(fi >= seaLevel)) {
      store<i32>(ri, SEA);
      continue;
    }
    const r = i / n;
    const c = i - r * n;
    let best = load<i32>(ri);
    let steep: f64 = 0;
    let s: f64;
    if (r > 0 && c > 0 && r < n - 1 && c < n - 1) {
      s = drop(fi, fAt, i + 1);
      if (s > steep) { steep = s; best = i + 1; }
      s = drop(fi, fAt, i - 1);
      if (s > steep) { steep = s; best = i - 1; }
      s = drop(fi, fAt, i + n);
      if (s > steep) { steep = s; best = i + n; }
      s = drop(fi, fAt, i - n);
      if (s > steep) { steep = s; best = i - n; }
      s = drop(fi, fAt, i + n + 1) * D;
      if (s > steep) { steep = s; best = i + n + 1; }
      s = drop(fi, fAt, i - n + 1) * D;
      if (s > steep) { steep = s; best = i - n + 1; }
      s = drop(fi, fAt, i + n - 1) * D;
      if (s > steep) { steep = s; best = i + n - 1; }
      s = drop(fi, fAt, i - n - 1) * D;
      if (s > steep) { steep = s; best = i - n - 1; }
      if (steep > 0 && !(<f64>load<f32>(fAt + (<usize>best << 2)) >= seaLevel)) best = OFF_MAP;
      store<i32>(ri, best);
      continue;
    }
    // On the rim (flow.ts's loop over DC/DR): the sea is decided at each steeper neighbour.
    for (let k = 0; k < 8; k++) {
      const dc = k == 0 || k == 4 || k == 5 ? 1 : k == 1 || k == 6 || k == 7 ? -1 : 0;
      const dr = k == 2 || k == 4 || k == 6 ? 1 : k == 3 || k == 5 || k == 7 ? -1 : 0;
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
      const j = rr * n + cc;
      s = drop(fi, fAt, j);
      if (k >= 4) s *= D;
      if (s > steep) {
        steep = s;
        best = <f64>load<f32>(fAt + (<usize>j << 2)) >= seaLevel ? j : OFF_MAP;
      }
    }
    store<i32>(ri, best);
  }
}

/**
 * Gathers rain downstream (flow.ts accumulate): each land cell's own rain (the Float32 at rainAt
 * less `loss`, or 1 − loss with rainAt 0; never below 0, NaN as none) × cellArea into the doubles
 * at accAt, then, walking the flood order backwards, each cell's sum into its receiver's; the
 * sums as Float32 into outAt. Writes the rain on land and the outflow, two doubles, at sumsAt.
 */
export function accumulate(cells: i32, count: i32, receiverAt: usize, orderAt: usize, rainAt: usize, loss: f64, cellArea: f64, accAt: usize, outAt: usize, sumsAt: usize): void {
  let rainOnLand: f64 = 0;
  for (let i = 0; i < cells; i++) {
    const a = accAt + (<usize>i << 3);
    if (load<i32>(receiverAt + (<usize>i << 2)) == SEA) {
      store<f64>(a, 0);
      continue;
    }
    const wet = rainAt != 0 ? <f64>load<f32>(rainAt + (<usize>i << 2)) - loss : 1 - loss;
    const v = wet > 0 ? wet * cellArea : 0;
    store<f64>(a, v);
    rainOnLand += v;
  }
  let outflow: f64 = 0;
  for (let q = count - 1; q >= 0; q--) {
    const i = load<i32>(orderAt + (<usize>q << 2));
    const to = load<i32>(receiverAt + (<usize>i << 2));
    const v = load<f64>(accAt + (<usize>i << 3));
    if (to >= 0) {
      const t = accAt + (<usize>to << 3);
      store<f64>(t, load<f64>(t) + v);
    } else outflow += v;
  }
  for (let i = 0; i < cells; i++) store<f32>(outAt + (<usize>i << 2), <f32>load<f64>(accAt + (<usize>i << 3)));
  store<f64>(sumsAt, rainOnLand);
  store<f64>(sumsAt + 8, outflow);
}

/**
 * The land cells in an order where every cell comes after all the cells draining into it (the
 * receivers of the flood above at receiverAt), written to chainAt; `donorsAt` holds n² Int32
 * (written here). Returns the count of land cells. In memory order, each cell with no donor
 * left starts a chain that follows the water down for as long as each cell it reaches has had
 * all its donors: so the order stays near the cells it has just passed, where the flood's order
 * wanders over the map by height (flow.ts drainageChains says what for).
 */
export function chains(cells: i32, receiverAt: usize, donorsAt: usize, chainAt: usize): i32 {
  memory.fill(donorsAt, 0, <usize>cells << 2);
  for (let i = 0; i < cells; i++) {
    const r = load<i32>(receiverAt + (<usize>i << 2));
    if (r >= 0) {
      const d = donorsAt + (<usize>r << 2);
      store<i32>(d, load<i32>(d) + 1);
    }
  }
  let t = 0;
  for (let i = 0; i < cells; i++) {
    if (load<i32>(donorsAt + (<usize>i << 2)) != 0 || load<i32>(receiverAt + (<usize>i << 2)) == SEA) continue;
    let c = i;
    while (true) {
      store<i32>(chainAt + (<usize>t << 2), c);
      t++;
      // Taken: never 0 again, so the sweep passes it by.
      store<i32>(donorsAt + (<usize>c << 2), -1);
      const r = load<i32>(receiverAt + (<usize>c << 2));
      if (r < 0) break;
      const d = donorsAt + (<usize>r << 2);
      const left = load<i32>(d) - 1;
      store<i32>(d, left);
      if (left != 0) break;
      c = r;
    }
  }
  return t;
}
