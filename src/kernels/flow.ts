// Flow and rivers: depressions filled by Priority-Flood (Barnes, Lehman and Mulla 2014), a
// receiver for every land cell, and the rain gathered downstream into an accumulation.
//
// The flood starts from the outlets — land cells beside the sea or on the map's edge — and
// grows inland, lowest front cell first. A cell reached from a higher front is in a hollow:
// it is raised to the front's height (a lake) and, as Barnes' "improved" variant does, handled
// through a plain queue instead of the heap. Each cell drains to the cell the flood reached it
// from, or, outside lakes, to its steepest strictly lower neighbour (8 directions). Every step
// goes down in the key (filled height, flood order), so the drainage has no cycles, never
// climbs in the filled heights, and ends at the sea or the edge.

import { scratch } from './scratch.ts';

/** A cell's receiver when it drains into the sea (a sea neighbour) or off the map's edge. */
export const OFF_MAP = -1;

export interface FlowResult {
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
 * A binary min-heap of cells keyed by height. Ties need no extra key for determinism: the same
 * pushes in the same order give the same pops on every run. Arrays grow on demand.
 */
class CellHeap {
  private key = new Float64Array(1024);
  private cell = new Int32Array(1024);
  size = 0;

  push(c: number, k: number): void {
    if (this.size === this.cell.length) this.grow();
    const key = this.key;
    const cell = this.cell;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (key[parent] <= k) break;
      key[i] = key[parent];
      cell[i] = cell[parent];
      i = parent;
    }
    key[i] = k;
    cell[i] = c;
  }

  /** Removes the lowest cell and returns it. */
  pop(): number {
    const key = this.key;
    const cell = this.cell;
    const top = cell[0];
    const n = --this.size;
    const k = key[n];
    const c = cell[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && key[child + 1] < key[child]) child++;
      if (k <= key[child]) break;
      key[i] = key[child];
      cell[i] = cell[child];
      i = child;
    }
    key[i] = k;
    cell[i] = c;
    return top;
  }

  private grow(): void {
    const m = this.cell.length * 2;
    const key = new Float64Array(m);
    key.set(this.key);
    const cell = new Int32Array(m);
    cell.set(this.cell);
    this.key = key;
    this.cell = cell;
  }
}

/**
 * Fills the depressions of the land (cells with height ≥ seaLevel) and finds where each land
 * cell drains. Writes the filled heights (sea cells keep theirs) and the receiver of each land
 * cell (a cell index, or OFF_MAP for an outlet; −2 on sea cells). Returns the land cells in
 * flood order.
 */
export function priorityFlood(
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
  // In doubles while flooding: a lake's surface must be the exact height of its spill point.
  const f = scratch('flow.filled', Float64Array, cells);
  const done = scratch('flow.done', Uint8Array, cells).fill(0, 0, cells);
  const order = scratch('flow.order', Int32Array, cells);
  const pit = scratch('flow.pit', Int32Array, cells);
  const heap = new CellHeap();
  const off = Int32Array.from(DC, (dc, k) => DR[k] * n + dc);
  let count = 0;

  // done[] marks the sea first (0 → 1 as the flood reaches land).
  for (let i = 0; i < cells; i++) {
    f[i] = height[i];
    if (!(height[i] >= seaLevel)) {
      done[i] = 1;
      receiver[i] = -2;
    } else receiver[i] = OFF_MAP; // until the flood reaches it
  }
  // Outlets: land on the edge, or beside the sea (8 neighbours). They drain straight out. A
  // row's cells are pushed in column order, as before the interior got its own loop.
  for (let r = 0; r < n; r++) {
    const edgeRow = r === 0 || r === n - 1;
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (done[i]) continue;
      let outlet = edgeRow || c === 0 || c === n - 1;
      if (!outlet) {
        // Inside the rim every neighbour exists; receiver −2 marks the sea (land is not set yet).
        outlet =
          receiver[i + 1] === -2 || receiver[i - 1] === -2 || receiver[i + n] === -2 || receiver[i - n] === -2 ||
          receiver[i + n + 1] === -2 || receiver[i - n + 1] === -2 || receiver[i + n - 1] === -2 || receiver[i - n - 1] === -2;
      }
      if (!outlet) continue;
      done[i] = 1;
      receiver[i] = OFF_MAP;
      heap.push(i, f[i]);
    }
  }
  let pitHead = 0;
  let pitTail = 0;
  while (heap.size > 0 || pitHead < pitTail) {
    const i = pitHead < pitTail ? pit[pitHead++] : heap.pop();
    order[count++] = i;
    const r = (i / n) | 0;
    const c = i - r * n;
    const fi = f[i];
    // Inside the map's rim every neighbour exists: no bounds checks (most cells).
    const inner = r > 0 && c > 0 && r < n - 1 && c < n - 1;
    for (let k = 0; k < 8; k++) {
      let j: number;
      if (inner) j = i + off[k];
      else {
        const rr = r + DR[k];
        const cc = c + DC[k];
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        j = rr * n + cc;
      }
      if (done[j]) continue;
      done[j] = 1;
      receiver[j] = i;
      if (f[j] <= fi) {
        // In a hollow: raised to the spill height, and flooded before anything higher.
        f[j] = fi;
        pit[pitTail++] = j;
      } else {
        heap.push(j, f[j]);
      }
    }
  }
  // Outside lakes, drain down the steepest strictly lower neighbour rather than to whichever
  // neighbour the flood happened to come from: rivers then follow the valleys. A strictly lower
  // cell was flooded earlier, so the drainage still descends in (filled height, flood order).
  const D = Math.SQRT1_2;
  for (let q = 0; q < count; q++) {
    const i = order[q];
    const r = (i / n) | 0;
    const c = i - r * n;
    const fi = f[i];
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
      if (steepest > 0 && receiver[best] === -2) best = OFF_MAP; // into the sea
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
        best = receiver[j] === -2 ? OFF_MAP : j; // into the sea
      }
    }
    receiver[i] = best;
  }
  for (let i = 0; i < cells; i++) filled[i] = f[i];
  return { order, count };
}

/**
 * Gathers rain downstream. `rain` is the rain per land cell (null: 1 everywhere), less `loss`
 * and never below 0; each cell contributes rain × cellArea. Writes the accumulation (the rain of
 * the cell and of everything draining through it) on land, 0 on the sea.
 */
export function accumulate(
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
  const acc = scratch('flow.acc', Float64Array, cells).fill(0, 0, cells);
  let rainOnLand = 0;
  for (let q = 0; q < count; q++) {
    const i = order[q];
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
