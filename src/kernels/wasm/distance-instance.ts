// The distance transform (distance.as.ts), instantiated on first use on each thread
// (lazy-module.ts; the module is under the 4 KB a page compiles synchronously): a band of output rows at a time, its heights
// copied in and its output and water cells out as whole rows, so each copy is one piece. Also
// the water node's mask, which compares heights with a level as the transform's sites do.

import { heapMemory, heapScratch } from '../../parallel/memory.ts';
import { DISTANCE_WASM_BASE64 } from './distance-binary.ts';
import { DISTANCE_HEAP_WASM_BASE64 } from './distance-heap-binary.ts';
import { countHeapCall, heapAt, onHeapModule } from './heap-instance.ts';
import { CHUNK_CELLS, chunkStep, FIRST_BYTE, PAGE, lazyModule } from './lazy-module.ts';

interface DistanceExports {
  readonly memory: WebAssembly.Memory;
  band(m: number, s0: number, s1: number, hAt: number, sites: boolean, level: number, a: number, b: number, far: number, sAt: number, outAt: number, workAt: number, from: number, n: number, unit: number, cap: number): void;
  sites(hAt: number, cells: number, isSites: boolean, level: number, outAt: number): void;
  sameSites(cells: number, hAt: number, level: number, waterAt: number): boolean;
  waterMask(cells: number, hAt: number, level: number, outAt: number): void;
  workBytes(m: number, rows: number, n: number): number;
}

const distanceModule = lazyModule<DistanceExports>(DISTANCE_WASM_BASE64, 'distance transform');
const distance = distanceModule.exports;

/** The compiled module's bytes. */
export const distanceBytes = distanceModule.bytes;

/** The same module on the grid heap (heap-instance.ts): heights read and distances written in place. */
const heapDistance = onHeapModule<DistanceExports>(DISTANCE_HEAP_WASM_BASE64);

/** The heap module's bytes. */
export const heapDistanceBytes = heapDistance.bytes;

/** What a band of the transform reads and writes: see wasmDistanceBand. */
export type DistanceGrid = {
  /** m × m: heights, the sites where < level; or, a Uint8Array, the sites where non-zero. */
  readonly values: Float32Array | Uint8Array;
  readonly level: number;
  readonly m: number;
  /** The output's cells: the m-grid's rows dr … dr + n − 1 and columns dc … dc + n − 1. */
  readonly dc: number;
  readonly dr: number;
  readonly n: number;
  readonly out: Float32Array;
  readonly unit: number;
  /** Largest distance written (+∞: none). */
  readonly cap: number;
  /** Column distances from this many cells on count as none (+∞); past the grid's height when uncapped. */
  readonly far: number;
  /** Optional, m × m: 1 on each site, 0 elsewhere (the first band also writes the rows above the output's, the last those below). */
  readonly water: Uint8Array | null;
};

/**
 * Output rows r0 … r1 − 1 of the transform (see band in distance.as.ts): the heights of those
 * rows and of `far` rows either side (every row uncapped) are taken into the module's memory a
 * few rows at a time (about CHUNK_CELLS cells, lazy-module.ts) and turned into its sites there,
 * while still in the core's cache (staged whole, 772 rows of 1280 heights a band at 1024² went
 * to memory and were read back); the band's output and water rows come out in one piece each.
 */
export function wasmDistanceBand(b: DistanceGrid, r0: number, r1: number): void {
  const { values, m, dc, dr, n, far, water } = b;
  if (r1 <= r0 || n <= 0) return;
  const a = dr + r0;
  const end = dr + r1;
  // The first band also records the water of the rows above the output's, the last below.
  const wa = water && r0 === 0 ? 0 : a;
  const wb = water && r1 === n ? m : end;
  const s0 = Math.min(wa, Math.max(0, a - far));
  const s1 = Math.max(wb, Math.min(m, end + far));
  const rows = s1 - s0;
  if (heapDistanceBand(b, s0, s1, a, end, r0, wa, wb)) return;
  const k = distance();
  const step = CHUNK_CELLS > 0 ? Math.max(1, Math.floor(CHUNK_CELLS / m)) : rows;
  const stepRows = Math.min(step, rows);
  // 16 bytes of slack after the heights and the sites: the last vector of a row may read past.
  const hAt = FIRST_BYTE;
  const sAt = hAt + ((4 * m * stepRows + 31) & ~15);
  const outAt = sAt + ((m * rows + 31) & ~15);
  const workAt = outAt + ((4 * n * (end - a) + 15) & ~15);
  const memory = distanceModule.reserve(k, workAt + k.workBytes(m, end - a, n));
  const sites = values instanceof Uint8Array;
  const level = sites ? 0 : float32Above(b.level);
  const staged = new Float32Array(memory, hAt, m * stepRows);
  for (let r = s0; r < s1; r += step) {
    const rEnd = Math.min(s1, r + step);
    const cells = (rEnd - r) * m;
    staged.set(values.subarray(r * m, rEnd * m));
    k.sites(hAt, cells, sites, level, sAt + (r - s0) * m);
  }
  k.band(m, s0, s1, 0, sites, level, a, end, far, sAt, outAt, workAt, dc, n, b.unit, b.cap);
  b.out.set(new Float32Array(memory, outAt, n * (end - a)), r0 * n);
  if (water) water.set(new Uint8Array(memory, sAt + (wa - s0) * m, (wb - wa) * m), wa * m);
}

/**
 * wasmDistanceBand on the grid heap, when the heights (Float32) and the output lie on it: the
 * module makes the sites of rows s0 … s1 − 1 from the heights in place, into this thread's
 * scratch with its work area, and writes the band's distances straight into the output; the
 * water rows are copied out of the sites. False (nothing done) otherwise.
 */
function heapDistanceBand(b: DistanceGrid, s0: number, s1: number, a: number, end: number, r0: number, wa: number, wb: number): boolean {
  const { values, m, n, water } = b;
  if (!(values instanceof Float32Array)) return false;
  const hAt = heapAt(values);
  const outAt = heapAt(b.out);
  if (hAt < 0 || outAt < 0) return false;
  const k = heapDistance.exports();
  const memory = heapMemory();
  if (!k || !memory) return false;
  // The sites straight into the water grid where it lies on the heap (rows s0 … s1 − 1: a band's
  // neighbours write the rows they share with the same bytes; the heap's slack after a grid
  // holds the scans' reads past its last row); else as wasmDistanceBand's layout, 16 bytes of
  // slack after the sites, and the band's own rows copied out. The work area 16-aligned.
  const waterAt = water ? heapAt(water) : -1;
  const sitesBytes = waterAt >= 0 ? 0 : (m * (s1 - s0) + 31) & ~15;
  const sAt = heapScratch('distance', sitesBytes + k.workBytes(m, end - a, n) + 16);
  if (sAt < 0) return false;
  countHeapCall();
  const sitesAt = waterAt >= 0 ? waterAt + s0 * m : sAt;
  k.band(m, s0, s1, hAt + 4 * s0 * m, false, float32Above(b.level), a, end, b.far, sitesAt, outAt + 4 * r0 * n, sAt + sitesBytes, b.dc, n, b.unit, b.cap);
  if (water && waterAt < 0) water.set(new Uint8Array(memory.buffer, sAt + (wa - s0) * m, (wb - wa) * m), wa * m);
  return true;
}

/** Cells of a strip taken into the module's memory at a time by wasmSameSites (a MB of heights). */
const STRIP_CELLS = 1 << 18;

const bits = new Float32Array(1);
const bitsInt = new Int32Array(bits.buffer);

/**
 * The least Float32 at or above `level`: for every Float32 height h, h < level exactly when
 * h < this, so the module compares in Float32 with the bits of JS's double comparison.
 */
export function float32Above(level: number): number {
  const f = Math.fround(level);
  if (!(f < level)) return f;
  // Rounded down: the next Float32 up (from 0, the least subnormal).
  bits[0] = f;
  if (f === 0) bitsInt[0] = 1;
  else bitsInt[0] += f > 0 ? 1 : -1;
  return bits[0];
}

/**
 * True when `water` is 1 exactly on the heights below `level` and 0 elsewhere: whether a grid
 * crosses the sea level where a record's did not. In the module's SIMD (a JS loop took 3.3 ms at
 * 1280²), strip by strip, stopping at the first strip that differs.
 */
export function wasmSameSites(values: Float32Array, level: number, water: Uint8Array): boolean {
  if (water.length !== values.length) return false;
  const cells = values.length;
  const most = STRIP_CELLS;
  const threshold = float32Above(level);
  // In place on the grid heap, strip by strip as below.
  const [hHeap, waterHeap] = [heapAt(values), heapAt(water)];
  const h = hHeap >= 0 && waterHeap >= 0 ? heapDistance.exports() : null;
  if (h) {
    countHeapCall();
    for (let i = 0; i < cells; i += most) if (!h.sameSites(Math.min(most, cells - i), hHeap + 4 * i, threshold, waterHeap + i)) return false;
    return true;
  }
  const k = distance();
  const hAt = FIRST_BYTE;
  const waterAt = hAt + 4 * most;
  const memory = distanceModule.reserve(k, waterAt + most + 16);
  for (let i = 0; i < cells; i += most) {
    const c = Math.min(most, cells - i);
    new Float32Array(memory, hAt, c).set(values.subarray(i, i + c));
    new Uint8Array(memory, waterAt, c).set(water.subarray(i, i + c));
    if (!k.sameSites(c, hAt, threshold, waterAt)) return false;
  }
  return true;
}

/**
 * The water node's outputs: `height` a copy of `input` (unless it is `input`'s own cells, lent:
 * then only the mask is written), `mask` 1 where a height is below `level` and 0 elsewhere. A chunk of heights at a time (CHUNK_CELLS) is copied into the module's memory,
 * masked there four cells a vector, and copied out as both outputs while still in the core's
 * cache, so the input is read from memory once (a JS loop read it twice and took ~3 ns a cell
 * for the mask).
 */
export function wasmWater(input: Float32Array, level: number, /* out */ height: Float32Array, /* out */ mask: Float32Array): void {
  const cells = input.length;
  if (cells === 0) return;
  const k = distance();
  const step = chunkStep(cells, 4);
  // Padded to four cells: the module writes the mask four at a time.
  const span = (Math.min(step, cells) + 3) & ~3;
  const hAt = FIRST_BYTE;
  const outAt = hAt + 4 * span;
  const memory = distanceModule.reserve(k, outAt + 4 * span);
  const threshold = float32Above(level);
  const h = new Float32Array(memory, hAt, span);
  const m = new Float32Array(memory, outAt, span);
  const copy = height.buffer !== input.buffer || height.byteOffset !== input.byteOffset;
  for (let c0 = 0; c0 < cells; c0 += step) {
    const c = Math.min(step, cells - c0);
    h.set(input.subarray(c0, c0 + c));
    k.waterMask(c, hAt, threshold, outAt);
    if (copy) height.set(c === span ? h : h.subarray(0, c), c0);
    mask.set(c === span ? m : m.subarray(0, c), c0);
  }
}

/** Bytes the module's memory holds now (0 before first use). */
export const distanceMemoryBytes = distanceModule.memoryBytes;

/** Lets the memory go when it holds more than grids of `maxCells` cells need. */
export function releaseDistanceMemory(maxCells: number): void {
  distanceModule.release(FIRST_BYTE + 8 * maxCells + 4 * PAGE);
}
