// The cell kernels and the curve on the grid heap (src/parallel/memory.ts): their modules built to
// import the heap as their memory (kernels-heap-binary.ts, curve-heap-binary.ts), one instance
// per thread, so that a kernel whose grids all lie on the heap reads and writes them in place,
// with no copy into a module's memory and out again. instance.ts tries these first and copies
// as before whatever they leave: a grid not on the heap (no pool, a page without cross-origin
// isolation, a grid the engine's pool did not make), or the last cell of an odd count, which
// a kernel working on pairs would write one cell past (into a neighbour's cells, perhaps another
// thread's band). Tables (a curve's points, the rank's buckets) go to the thread's own scratch
// on the heap: several threads run the same module on it at once. The same code as the copying
// path runs on the same cells, so the same bits (tests/grid-heap.test.ts).

import type { StridedRows } from '../../grid.ts';
import { heapMemory, heapScratch, onHeap } from '../../parallel/memory.ts';
import { CURVE_HEAP_WASM_BASE64 } from './curve-heap-binary.ts';
import { KERNELS_HEAP_WASM_BASE64 } from './kernels-heap-binary.ts';
// Types only: no import at run time, though instance.ts imports this file.
import type { BiomeRules, MoistureTerms, RankTable, TemperatureTerms } from './instance.ts';

// The modules' exports this file calls (instance.ts's own are not exported).
interface KernelExports {
  combine(n: number, mode: number, baseAt: number, scaleAt: number, detailAt: number, outAt: number): void;
  temperature(rows: number, n: number, rowBaseAt: number, rankAt: number, coastAt: number, noiseAt: number, outAt: number, lapse: number, coastMod: number, tempNoise: number): void;
  moisture(n: number, noiseAt: number, coastAt: number, airAt: number, outAt: number, moistNoise: number, coastBonus: number, decay: number, strength: number): void;
  whittaker(n: number, heightAt: number, level: number, temperatureAt: number, moistureAt: number, coastAt: number, tableAt: number, outAt: number, ocean: number, beach: number, beachWidth: number, beachMinTemperature: number): void;
  rank(cells: number, hAt: number, outAt: number, startAt: number, sortedAt: number, ranksAt: number, lo: number, scale: number, last: number): void;
  places(valid: number, sortedAt: number, startAt: number, lo: number, scale: number, buckets: number): void;
}
interface CurveExports {
  curve(n: number, inAt: number, outAt: number, xsAt: number, ysAt: number, m: number, aboveAt: number): void;
}

/** False: every kernel copies as before, heap or not (tests and in-process A/B timing; this thread only). */
let inPlace = true;

/** Kernel calls run in place on this thread so far (tests). */
let calls = 0;
export function heapCalls(): number {
  return calls;
}

/** Counts a call run in place (heapCalls). */
export function countHeapCall(): void {
  calls++;
}

/** Tests and A/B timing: whether kernels read and write heap grids in place on this thread. */
export function setHeapKernels(on: boolean): void {
  inPlace = on;
}

/** A module instantiated on this thread on the heap it knows, again if it changes; null without one (or with setHeapKernels(false)). */
export function onHeapModule<E>(base64: string): { exports(): E | null; bytes(): Uint8Array<ArrayBuffer> } {
  let compiled: WebAssembly.Module | null = null;
  let instance: E | null = null;
  let on: WebAssembly.Memory | null = null;
  const bytes = (): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return {
    bytes,
    exports(): E | null {
      const memory = heapMemory();
      if (!memory || !inPlace) return null;
      if (instance && on === memory) return instance;
      compiled ??= new WebAssembly.Module(bytes());
      instance = new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as E;
      on = memory;
      return instance;
    },
  };
}

const kernelModule = onHeapModule<KernelExports>(KERNELS_HEAP_WASM_BASE64);
const curveModule = onHeapModule<CurveExports>(CURVE_HEAP_WASM_BASE64);

/** The heap modules' bytes (each under the 4 KB a page compiles synchronously). */
export const heapKernelBytes = kernelModule.bytes;
export const heapCurveBytes = curveModule.bytes;

type Cells = Float32Array | Uint8Array | StridedRows;

/** Bytes of the curve module's table of its points' bounds (curve.as.ts: 4 · BRANCHLESS_POINTS). */
const CURVE_ABOVE_BYTES = 64;

/** Byte offset of a grid's first cell on the heap; 0 for null (an unwired input); -1 when it is not on the heap. */
export function heapAt(a: Cells | Int32Array | null): number {
  if (!a) return 0;
  const g = 'rows' in a ? a.data : a;
  if (!onHeap(g.buffer)) return -1;
  return 'rows' in a ? g.byteOffset + 4 * a.at : g.byteOffset;
}

/**
 * Offsets of all the grids on the heap, or null when one is not (or this thread has no heap modules).
 * Pushed onto a literal, so every call's array has one elements kind: `grids.map` gave holey
 * arrays where it ran as a builtin and packed ones where V8 inlined it, and the kernels' reads
 * of the offsets, compiled for one kind, were thrown away on meeting the other (a recompile of
 * 10–18 ms each, in the bench's measured runs).
 */
function offsets(grids: readonly (Cells | Int32Array | null)[]): number[] | null {
  const o: number[] = [];
  for (let i = 0; i < grids.length; i++) {
    const at = heapAt(grids[i]);
    if (at < 0) return null;
    o.push(at);
  }
  return o;
}

/** Cells calls may cover at once: a multiple of `unit`, so a kernel working `unit` cells at a time writes no cell past them. */
function whole(cells: number, unit: number): number {
  return cells - (cells % unit);
}

/** Whether a grid is strided rows (a window of a wider grid). */
function isStrided(g: Cells | null): g is StridedRows {
  return g !== null && 'rows' in g;
}

/** Bytes from one row of n Float32 cells to the next: 4n, or 4 · stride for strided rows; 0 for null. */
function rowStep(g: Cells | null, n: number): number {
  return g === null ? 0 : 4 * (isStrided(g) ? g.stride : n);
}

/** Copies `a` to this thread's scratch `name` on the heap: its offset, -1 without room. */
function toScratch(name: string, a: Float64Array | Uint8Array | Float32Array | Int32Array, memory: WebAssembly.Memory): number {
  const to = heapScratch(name, a.byteLength);
  if (to >= 0) new Uint8Array(memory.buffer, to, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return to;
}

/** The places table's start entries (start[0 … buckets]) in place: true when both arrays lie on the heap. */
export function heapPlaces(sorted: Float32Array, lo: number, scale: number, buckets: number, start: Int32Array): boolean {
  const o = offsets([sorted, start]);
  const k = o && kernelModule.exports();
  if (!o || !k) return false;
  calls++;
  k.places(sorted.length, o[0], o[1], lo, scale, buckets);
  return true;
}

/** combine in place over the largest even count of cells: the cells done (0: not on the heap). */
export function heapCombine(mode: number, base: Float32Array | null, scale: Float32Array | null, detail: Float32Array | null, out: Float32Array): number {
  const o = offsets([base, scale, detail, out]);
  const k = o && kernelModule.exports();
  if (!o || !k) return 0;
  calls++;
  const count = whole(out.length, 2);
  k.combine(count, mode, o[0], o[1], o[2], o[3]);
  return count;
}

/** moisture in place over the largest even count of cells: the cells done. */
export function heapMoisture(p: MoistureTerms, noise: Float32Array | null, coast: Float32Array | null, air: Float32Array | null, out: Float32Array): number {
  const o = offsets([noise, coast, air, out]);
  const k = o && kernelModule.exports();
  if (!o || !k) return 0;
  calls++;
  const count = whole(out.length, 2);
  k.moisture(count, o[0], o[1], o[2], o[3], p.moistNoise, p.coastBonus, p.decay, p.strength);
  return count;
}

/** The curve in place over the largest even count of cells: the cells done. */
export function heapCurve(input: Float32Array, xs: Float64Array, ys: Float64Array, out: Float32Array): number {
  const o = offsets([input, out]);
  const k = o && curveModule.exports();
  const memory = heapMemory();
  if (!o || !k || !memory) return 0;
  calls++;
  const xsAt = toScratch('curve.xs', xs, memory);
  const ysAt = toScratch('curve.ys', ys, memory);
  // The module's table of the points' Float32 bounds (curve.as.ts ABOVE): this thread's own,
  // as another thread may run another curve at the same time.
  const aboveAt = heapScratch('curve.above', CURVE_ABOVE_BYTES);
  if (xsAt < 0 || ysAt < 0 || aboveAt < 0) return 0;
  const count = whole(out.length, 2);
  k.curve(count, o[0], o[1], xsAt, ysAt, xs.length, aboveAt);
  return count;
}

/**
 * Temperature in place (rowBase.length rows of n cells), all or nothing: true when done. Strided
 * rows (a window of a wider grid) are read row by row; an odd n is left to the copies (each row
 * runs in pairs).
 */
export function heapTemperature(rowBase: Float64Array, p: TemperatureTerms, rank: Cells | null, coast: Cells | null, noise: Cells | null, out: Float32Array): boolean {
  const rows = rowBase.length;
  const n = out.length / rows;
  if (n % 2 !== 0) return false;
  const o = offsets([rank, coast, noise, out]);
  const k = o && kernelModule.exports();
  const memory = heapMemory();
  if (!o || !k || !memory) return false;
  calls++;
  const baseAt = toScratch('temperature.rowBase', rowBase, memory);
  if (baseAt < 0) return false;
  // Byte step from one row to the next of each input (0: unwired).
  const rankStep = rowStep(rank, n);
  const coastStep = rowStep(coast, n);
  const noiseStep = rowStep(noise, n);
  if (!(isStrided(rank) || isStrided(coast) || isStrided(noise))) {
    k.temperature(rows, n, baseAt, o[0], o[1], o[2], o[3], p.lapse, p.coastMod, p.tempNoise);
    return true;
  }
  for (let r = 0; r < rows; r++) {
    k.temperature(1, n, baseAt + 8 * r, o[0] && o[0] + r * rankStep, o[1] && o[1] + r * coastStep, o[2] && o[2] + r * noiseStep, o[3] + 4 * r * n, p.lapse, p.coastMod, p.tempNoise);
  }
  return true;
}

/** The biome lookup in place (thresholds as float32Above gives them), all or nothing; strided heights row by row. */
export function heapWhittaker(
  rules: BiomeRules,
  height: Cells,
  level: number,
  temperature: Float32Array,
  moisture: Float32Array,
  coast: Float32Array | null,
  out: Uint8Array,
  width: number,
  warm: number,
): boolean {
  const o = offsets([height, temperature, moisture, coast, out]);
  const k = o && kernelModule.exports();
  const memory = heapMemory();
  if (!o || !k || !memory) return false;
  calls++;
  const tableAt = toScratch('whittaker.table', rules.table, memory);
  if (tableAt < 0) return false;
  if (!('rows' in height)) {
    k.whittaker(out.length, o[0], level, o[1], o[2], o[3], tableAt, o[4], rules.ocean, rules.beach, width, warm);
    return true;
  }
  const { n, rows, stride } = height;
  for (let r = 0; r < rows; r++) {
    const c = 4 * r * n;
    k.whittaker(n, o[0] + 4 * r * stride, level, o[1] + c, o[2] + c, o[3] && o[3] + c, tableAt, o[4] + r * n, rules.ocean, rules.beach, width, warm);
  }
  return true;
}

/** The rank table this thread's scratch holds: its generation and where (-1: none). */
let rankHeld = { generation: -1, at: -1 };

/**
 * Each height's rank in place, all of them: true when done. The table goes to this thread's
 * scratch once per generation; the cells past the last multiple of 4 (the module ranks four at
 * a time) are ranked in a scratch of four.
 */
export function heapRank(t: RankTable, heights: Float32Array, out: Float32Array): boolean {
  const o = offsets([heights, out]);
  const k = o && kernelModule.exports();
  const memory = heapMemory();
  if (!o || !k || !memory) return false;
  const tailAt = heapScratch('rank.tail', 32);
  if (tailAt < 0) return false;
  const tables = t.padded ? offsets([t.start, t.sorted, t.ranks]) : null;
  if (tables) {
    calls++;
    rankCells(k, memory, heights, out, [o[0], o[1], tables[0], tables[1], tables[2], tailAt], t);
    return true;
  }
  const valid = t.sorted.length;
  const startBytes = 4 * (t.buckets + 1);
  const sortedBytes = 4 * (valid + 4);
  const tableAt = heapScratch('rank.table', startBytes + sortedBytes + 4 * (valid + 1) + 32);
  if (tableAt < 0) return false;
  calls++;
  const startAt = tableAt;
  const sortedAt = startAt + startBytes;
  const ranksAt = sortedAt + sortedBytes;
  if (rankHeld.generation !== t.generation || rankHeld.at !== tableAt) {
    const m = memory.buffer;
    new Int32Array(m, startAt, t.buckets + 1).set(t.start.subarray(0, t.buckets + 1));
    const sorted = new Float32Array(m, sortedAt, valid + 4);
    sorted.set(t.sorted);
    // The four entries compared from a bucket's start may run past the last: NaN is below nothing.
    sorted.fill(NaN, valid);
    new Float32Array(m, ranksAt, valid + 1).set(t.ranks.subarray(0, valid + 1));
    rankHeld = { generation: t.generation, at: tableAt };
  }
  rankCells(k, memory, heights, out, [o[0], o[1], startAt, sortedAt, ranksAt, tailAt], t);
  return true;
}

/** The rank of the heights at hAt into outAt by the table at these offsets: four cells at a time, the last few through the thread's tail scratch (16 bytes in, 16 out). */
function rankCells(k: KernelExports, memory: WebAssembly.Memory, heights: Float32Array, out: Float32Array, at: readonly number[], t: RankTable): void {
  const [hAt, outAt, startAt, sortedAt, ranksAt, tailAt] = at;
  const cells = heights.length;
  const count = whole(cells, 4);
  k.rank(count, hAt, outAt, startAt, sortedAt, ranksAt, t.lo, t.scale, t.buckets - 1);
  const rest = cells - count;
  if (rest > 0) {
    const m = memory.buffer;
    const h = new Float32Array(m, tailAt, 4);
    h.set(heights.subarray(count));
    h.fill(0, rest);
    k.rank(4, tailAt, tailAt + 16, startAt, sortedAt, ranksAt, t.lo, t.scale, t.buckets - 1);
    out.set(new Float32Array(m, tailAt + 16, rest), count);
  }
}
