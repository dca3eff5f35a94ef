// The fBm's simplex noise in WebAssembly SIMD, four cells at a time, bit for bit the same
// numbers as the scalar JS kernel in noise.ts (which stays the reference and the fallback).
//
// Every cell is Float32 and int32 arithmetic, four cells to a vector: the lattice cell and the
// offsets into it come from per-column and per-row terms split once in doubles (see
// latticeColumns in noise.ts), so no lane needs a double; corners are branch-free (a scalar
// loop mispredicts its `a > 0` tests about a third of the time); a row's octaves are summed in
// a row-sized accumulator that stays in L1.
//
// On coarse octaves (most of them at 512² and 1024²) a row stays in one lattice cell for many
// blocks of four cells: there the corners' gradients are read from a cache filled when the row
// enters a cell, and a block only tests, in scalar registers, that its last lane's cell is the
// cached one (a row's cells only grow, or only fall, along it, so the lanes before lie in it
// too). V8 decides
// much of the speed here: its register allocator spills any vector that lives across a call
// or a loop's slow path at its definition, on the fast path too, and it schedules loads as
// early as it can; so the cache lives in memory, the fill is a call after which the block is
// computed again from its loads, and a store orders the last corner's loads after the others.
// A block across a lattice line is computed as a fine octave's are, and the cache then filled
// with its last lane's cell, where the next block lies.
//
// Where the lattice points the rows reach are fewer than the cells, the caller has them in a
// lattice table (fillTable: each point hashed once, its gradient pair stored), and a block reads
// its corners' pairs at its cells' (i, j) in it: a few integer operations where hashing three
// corners takes about 47 vector operations (eight of them two-uop multiplies). The finest
// octaves hash each cell's corners.
//
// Not TypeScript: `npm run wasm` compiles this file into noise-binary.ts. Same inputs, same
// bits: IEEE add and multiply only (no fused multiply-add, no Math functions), the
// operations in the order noise.ts does them. Nothing here allocates; the caller lays out
// every buffer and passes byte offsets.

const G2: f64 = 0.21132486540518713; // (3 − √3) / 6
const PRIME_X: i32 = 501125321;
const PRIME_Y: i32 = 1136930381;
const HASH_MUL: i32 = 0x27d4eb2d;

const A: f64 = 0.9914448613738104;
const B: f64 = 0.1305261922200516;
const C: f64 = 0.9238795325112867;
const D: f64 = 0.3826834323650898;
const E: f64 = 0.7933533402912352;
const F: f64 = 0.6087614290087207;

/** Interleaved (gx, gy) of the 24 gradient directions, as in noise.ts; 8 bytes a gradient. */
const Af = <f32>A;
const Bf = <f32>B;
const Cf = <f32>C;
const Df = <f32>D;
const Ef = <f32>E;
const Ff = <f32>F;
const GRADIENTS = memory.data<f32>([
  Af, Bf, Cf, Df, Ef, Ff, Ff, Ef, Df, Cf, Bf, Af,
  -Bf, Af, -Df, Cf, -Ff, Ef, -Ef, Ff, -Cf, Df, -Af, Bf,
  -Af, -Bf, -Cf, -Df, -Ef, -Ff, -Ff, -Ef, -Df, -Cf, -Bf, -Af,
  Bf, -Af, Df, -Cf, Ff, -Ef, Ef, -Ff, Cf, -Df, Af, -Bf,
]);

// Vector constants are loaded from memory where they are used: V8 builds a v128.const from two
// 64-bit immediates, three instructions at every use, where a load is one.
const K = memory.data<i32>([
  HASH_MUL, HASH_MUL, HASH_MUL, HASH_MUL, // 0
  24, 24, 24, 24, // 16
  PRIME_X, PRIME_X, PRIME_X, PRIME_X, // 32
  PRIME_Y, PRIME_Y, PRIME_Y, PRIME_Y, // 48
  8, 8, 8, 8, // 64
  0, PRIME_Y, 2 * PRIME_Y, 3 * PRIME_Y, // 80: four lattice columns' j · PRIME_Y, from j
], 16);
const HALF = <f32>0.5;
const ONE = <f32>1;
const G2f = <f32>G2;
const D2f = <f32>(2 * G2 - 1);
const G2M1f = <f32>(G2 - 1);
const KF = memory.data<f32>([
  HALF, HALF, HALF, HALF, // 0
  ONE, ONE, ONE, ONE, // 16
  G2f, G2f, G2f, G2f, // 32
  D2f, D2f, D2f, D2f, // 48
  G2M1f, G2M1f, G2M1f, G2M1f, // 64
], 16);
// G2 xor (G2 − 1), bit for bit: a mask and an xor pick either offset of the middle corner.
const SELf = reinterpret<i32>(G2f) ^ reinterpret<i32>(G2M1f);
const KSEL = memory.data<i32>([SELf, SELf, SELf, SELf], 16);

/** The lattice hash of noise.ts as byte offsets of gradients: (((h >>> 16) · 24) >>> 16) · 8. */
@inline function gradientOffsets(v: v128): v128 {
  let h = i32x4.mul(v, v128.load(K));
  h = v128.xor(h, i32x4.shr_u(h, 15));
  // x · 24 >>> 16 is x · 3 >>> 13 (x < 2¹⁶): a shift and an add, where a vector multiply is two
  // micro-ops on the ports the floats use, and four times the latency.
  const x = i32x4.shr_u(h, 16);
  return i32x4.shl(i32x4.shr_u(i32x4.add(x, i32x4.shl(x, 1)), 13), 3);
}

/**
 * One corner's contribution for four cells: (max(0, ½ − x² − y²))⁴ · (g · (x, y)), with the
 * gradients (gx, gy). A corner out of reach gives ±0, which adds nothing, as the scalar
 * kernel's skipped branch does.
 */
@inline function cornerOf(x: v128, y: v128, gx: v128, gy: v128, half: v128): v128 {
  let a = f32x4.sub(f32x4.sub(half, f32x4.mul(x, x)), f32x4.mul(y, y));
  a = f32x4.pmax(f32x4.splat(0), a);
  a = f32x4.mul(a, a);
  return f32x4.mul(f32x4.mul(a, a), f32x4.add(f32x4.mul(gx, x), f32x4.mul(gy, y)));
}

/** gradientOffsets for one lattice point, in scalar registers. */
@inline function gradientOffset(v: i32): usize {
  let h = v * HASH_MUL;
  h ^= h >>> 15;
  return <usize>((((<u32>h >>> 16) * 24) >>> 16) << 3);
}

// The cache, CACHE_BYTES: a lattice cell's corners' gradients, splatted: of
// (0, 0), (1, 1), (0, 1), and of (1, 0) as its xor with (0, 1)'s, so the middle corner's
// gradient is a mask and an xor away. In memory, not in locals: nothing vector lives across the
// call that fills it, so V8 spills nothing in the loop. Then scratch for a partial sum (see
// simplexCached) or a corner's offsets (see corner), and the cell's integer column terms, i and
// j less the row's, splatted (see fbmRows), and fineBlocks' loop invariants. In static memory; in the grid heap's build (compile.ts, with threads), where every
// thread runs this module on one memory, the caller's (`cacheAt`, its own per thread). A constant
// address where it can be: passed in, the copying build's fbm alone ran 3 % slower (1024²).

// Offsets from the cache's start:
const G00 = 0;
const G11 = 32;
const G01 = 64;
const GD = 96;
const SUM = 128;
const CELL = 144;
// fineBlocks' loop invariants, splatted: the row's fractions and integer terms, the seed, the
// octave's weight, the row's base in the table, the table's stride, it plus a column, and it
// xor a column (see simplex4).
const RUF = 176;
const RVF = 192;
const RUI = 208;
const RVI = 224;
const SEED = 240;
const WEIGHT = 256;
const ROW_BASE = 272;
const STRIDE = 288;
const STRIDE8 = 304;
const STRIDE_X8 = 320;
/** The cache's bytes (noise-instance.ts lays out as many for the heap's build). */
const CACHE_BYTES = 336;
const CACHE = memory.data(CACHE_BYTES, 16);

/** The word of column c's terms in a column table at `cols` (see latticeColumns in noise.ts). */
@inline function columnAt(cols: usize, c: i32): usize {
  return cols + (<usize>(c >> 2) << 6) + (<usize>(c & 3) << 2);
}

/**
 * The least Float32 fraction f ≥ 0 with f + r ≥ 1 in Float32 (r in [0, 1)), as its bits: a
 * fraction carries when its bits are at least these (non-negative floats order as their bits).
 */
function carryFrom(r: f32): u32 {
  let t = reinterpret<u32>(<f32>1 - r);
  while (t > 0 && reinterpret<f32>(t - 1) + r >= 1) t--;
  while (reinterpret<f32>(t) + r < 1) t++;
  return t;
}

/**
 * Fills the cache at `at` for lattice cell (i, j) + the row's terms (at `rowAt`): its corners
 * hashed once in scalar registers and each gradient splatted.
 */
@noinline function cacheCell(i: i32, j: i32, rowAt: usize, seed: i32, at: usize): void {
  const ips = (i + load<i32>(rowAt)) * PRIME_X;
  const jps = (j + load<i32>(rowAt, 8)) * PRIME_Y;
  const o00 = gradientOffset(seed ^ ips ^ jps);
  const o11 = gradientOffset(seed ^ (ips + PRIME_X) ^ (jps + PRIME_Y));
  const o10 = gradientOffset(seed ^ (ips + PRIME_X) ^ jps);
  const o01 = gradientOffset(seed ^ ips ^ (jps + PRIME_Y));
  v128.store(at, v128.load32_splat(o00, GRADIENTS), G00);
  v128.store(at, v128.load32_splat(o00, GRADIENTS + 4), G00 + 16);
  v128.store(at, v128.load32_splat(o11, GRADIENTS), G11);
  v128.store(at, v128.load32_splat(o11, GRADIENTS + 4), G11 + 16);
  const x01 = v128.load32_splat(o01, GRADIENTS);
  const y01 = v128.load32_splat(o01, GRADIENTS + 4);
  v128.store(at, x01, G01);
  v128.store(at, y01, G01 + 16);
  v128.store(at, v128.xor(v128.load32_splat(o10, GRADIENTS), x01), GD);
  v128.store(at, v128.xor(v128.load32_splat(o10, GRADIENTS + 4), y01), GD + 16);
  v128.store(at, i32x4.splat(i), CELL);
  v128.store(at, i32x4.splat(j), CELL + 16);
}

/**
 * simplex(x, y; seed) / 80 for the four cells of a block at offsets (u, v) into their lattice
 * cells, with the gradients of the cache at `cache`, which the caller has made for those
 * cells. The operations are noise.ts's simplexCell, in its order.
 */
@inline function simplexCached(u: v128, v: v128, cache: usize): v128 {
  const half = v128.load(KF);
  const g2 = v128.load(KF, 32);
  // Unskewed: the offsets from corner (0, 0).
  const t = f32x4.mul(f32x4.add(u, v), g2);
  const x0 = f32x4.sub(u, t);
  const y0 = f32x4.sub(v, t);
  // The middle corner: (1, 0) where x0 > y0, else (0, 1).
  const m = f32x4.gt(x0, y0);
  let s = cornerOf(x0, y0, v128.load(cache, G00), v128.load(cache, G00 + 16), half);
  const d2 = v128.load(KF, 48);
  s = f32x4.add(s, cornerOf(f32x4.add(x0, d2), f32x4.add(y0, d2), v128.load(cache, G11), v128.load(cache, G11 + 16), half));
  // A store as a sequence point: V8 loads the middle corner's gradients after it, not at the
  // top of the block, where they would take registers the other corners need (and spill).
  v128.store(cache, s, SUM);
  const sel = v128.and(m, v128.load(KSEL));
  const gx = v128.xor(v128.load(cache, G01), v128.and(m, v128.load(cache, GD)));
  const gy = v128.xor(v128.load(cache, G01 + 16), v128.and(m, v128.load(cache, GD + 16)));
  return f32x4.add(s, cornerOf(f32x4.add(x0, v128.xor(g2, sel)), f32x4.add(y0, v128.xor(v128.load(KF, 64), sel)), gx, gy, half));
}

/**
 * One corner's contribution for four cells: (max(0, ½ − x² − y²))⁴ · (g · (x, y)), with the
 * (gx, gy) pairs at byte offsets `o` from the gradient table (a lattice table's are offsets
 * from there too, so one gather serves both). A corner
 * out of reach gives ±0, which adds nothing, as the scalar kernel's skipped branch does.
 */
@inline function corner(x: v128, y: v128, o: v128, cache: usize): v128 {
  let a = f32x4.sub(f32x4.sub(v128.load(KF), f32x4.mul(x, x)), f32x4.mul(y, y));
  a = f32x4.pmax(f32x4.splat(0), a);
  a = f32x4.mul(a, a);
  // The (gx, gy) pairs, 8 bytes each, gathered lane by lane: the offsets stored and read back
  // as scalars (the load ports), where extracting them takes the vector ports the floats use.
  v128.store(cache, o, SUM);
  let p01 = v128.load64_zero(<usize>load<u32>(cache, SUM), GRADIENTS);
  p01 = v128.load64_lane(<usize>load<u32>(cache, SUM + 4), p01, 1, GRADIENTS);
  let p23 = v128.load64_zero(<usize>load<u32>(cache, SUM + 8), GRADIENTS);
  p23 = v128.load64_lane(<usize>load<u32>(cache, SUM + 12), p23, 1, GRADIENTS);
  const gx = v128.shuffle<f32>(p01, p23, 0, 2, 4, 6);
  const gy = v128.shuffle<f32>(p01, p23, 1, 3, 5, 7);
  return f32x4.mul(f32x4.mul(a, a), f32x4.add(f32x4.mul(gx, x), f32x4.mul(gy, y)));
}

/**
 * simplex(x, y; seed) / 80 for four cells at offsets (u, v) into their lattice cells, `cu` and
 * `cv` −1 in the lanes whose column terms carried into the next cell (u, v ≥ 1 before the
 * offsets were taken). The cells' lattice coordinates are their columns' integer terms plus the
 * row's plus the carry; the columns' parts of the corners' addresses were made once per call
 * (columnOffsets) at `offAt`: with the octave's lattice table (`table` not 0) the columns' byte
 * offsets in it, its rows' base in the cache (ROW_BASE), else the columns' integer terms times
 * PRIME_X and PRIME_Y, the row's in the cache (RUI, RVI), for hashing the corners. Integer sums
 * and products wrap, so they are the same words as (i + row) · PRIME_X, or i · stride, taken
 * whole. The float operations are noise.ts's simplexCell, in its order.
 */
@inline function simplex4(u: v128, v: v128, cu: v128, cv: v128, offAt: usize, table: usize, cache: usize): v128 {
  // Unskewed: the offsets from corner (0, 0).
  const t = f32x4.mul(f32x4.add(u, v), v128.load(KF, 32));
  const x0 = f32x4.sub(u, t);
  const y0 = f32x4.sub(v, t);
  const d2 = v128.load(KF, 48);
  // The middle corner: (1, 0) where x0 > y0, else (0, 1).
  const m = f32x4.gt(x0, y0);
  // The middle corner's offsets, G2 − 1 or G2, picked by a mask and an xor (see KSEL): two
  // operations where a bitselect is three.
  const sel = v128.and(m, v128.load(KSEL));
  const dx = v128.xor(v128.load(KF, 32), sel);
  const dy = v128.xor(v128.load(KF, 64), sel);
  let o00: v128;
  let o11: v128;
  let om: v128;
  if (table) {
    // The corners' gradients at rows i, columns j of the table: (1, 1) a row and a column on,
    // the middle corner a row on where m, else a column; a carry is a row or a column on.
    const stride = v128.load(cache, STRIDE);
    const eight = v128.load(K, 64);
    o00 = i32x4.add(i32x4.add(v128.load(offAt), v128.load(cache, ROW_BASE)), i32x4.add(v128.and(cu, stride), v128.and(cv, eight)));
    o11 = i32x4.add(o00, v128.load(cache, STRIDE8));
    om = i32x4.add(o00, v128.xor(eight, v128.and(m, v128.load(cache, STRIDE_X8))));
  } else {
    const px = v128.load(K, 32);
    const py = v128.load(K, 48);
    const ip = i32x4.add(i32x4.add(v128.load(offAt), v128.load(cache, RUI)), v128.and(cu, px));
    const jp = i32x4.add(i32x4.add(v128.load(offAt, 16), v128.load(cache, RVI)), v128.and(cv, py));
    const seedv = v128.load(cache, SEED);
    o00 = gradientOffsets(v128.xor(v128.xor(seedv, ip), jp));
    o11 = gradientOffsets(v128.xor(v128.xor(seedv, i32x4.add(ip, px)), i32x4.add(jp, py)));
    om = gradientOffsets(v128.xor(v128.xor(seedv, i32x4.add(ip, v128.and(m, px))), i32x4.add(jp, v128.andnot(py, m))));
  }
  let sum = corner(x0, y0, o00, cache);
  sum = f32x4.add(sum, corner(f32x4.add(x0, d2), f32x4.add(y0, d2), o11, cache));
  return f32x4.add(sum, corner(f32x4.add(x0, dx), f32x4.add(y0, dy), om, cache));
}

/**
 * The columns' parts of their corners' addresses for one octave, 8 bytes a column at `at` (per
 * block of four columns, four words, then four more): with a lattice table of `stride` bytes a
 * row, i · stride + j · 8 (and nothing); without, i · PRIME_X, then j · PRIME_Y; i and j the
 * columns' integer terms at `cols`. Made once per call, where every row multiplied them again.
 */
function columnOffsets(cols: usize, at: usize, padded: i32, table: usize, stride: i32): void {
  if (table) {
    const sv = i32x4.splat(stride);
    for (let c = 0; c < padded; c += 4) {
      const colAt = cols + (<usize>c << 4);
      v128.store(at + (<usize>c << 3), i32x4.add(i32x4.mul(v128.load(colAt), sv), i32x4.shl(v128.load(colAt, 32), 3)));
    }
  } else {
    for (let c = 0; c < padded; c += 4) {
      const colAt = cols + (<usize>c << 4);
      const dst = at + (<usize>c << 3);
      v128.store(dst, i32x4.mul(v128.load(colAt), v128.load(K, 32)));
      v128.store(dst, i32x4.mul(v128.load(colAt, 32), v128.load(K, 48)), 16);
    }
  }
}

/**
 * Fills a lattice table for `seed`: the (gx, gy) pair of lattice point (i0 + a, j0 + b) at
 * `at` + a · stride + b · 8, for a < rows and b < cols (a multiple of 4).
 */
export function fillTable(at: usize, i0: i32, j0: i32, rows: i32, cols: i32, stride: i32, seed: i32): void {
  for (let a = 0; a < rows; a++) {
    const ip = (i0 + a) * PRIME_X;
    const row = at + <usize>(a * stride);
    const end = row + (<usize>cols << 3);
    let p = row;
    // Four points at a time, hashed in the lanes of a vector (cols is a multiple of 4).
    const base = i32x4.splat(seed ^ ip);
    let jv = i32x4.add(i32x4.splat(j0 * PRIME_Y), v128.load(K, 80));
    for (; p < end; p += 32) {
      const o = gradientOffsets(v128.xor(base, jv));
      const o01 = i64x2.extract_lane(o, 0);
      const o23 = i64x2.extract_lane(o, 1);
      store<u64>(p, load<u64>(<usize><u32>o01, GRADIENTS));
      store<u64>(p, load<u64>(<usize>(o01 >>> 32), GRADIENTS), 8);
      store<u64>(p, load<u64>(<usize><u32>o23, GRADIENTS), 16);
      store<u64>(p, load<u64>(<usize>(o23 >>> 32), GRADIENTS), 24);
      jv = i32x4.add(jv, i32x4.splat(4 * PRIME_Y));
    }
  }
}

/**
 * Blocks c0, c0 + 4, … below c1 of a row into `out`, their corners' gradients from the octave's
 * lattice table or hashed (see simplex4; the columns' offsets at `offs`, see columnOffsets): a
 * fine octave's row, or a coarse octave's block across a lattice line. A call of its own, so its
 * code is in the module once.
 */
@noinline function fineBlocks(c0: i32, c1: i32, cols: usize, out: usize, ruf: v128, rvf: v128, rui: v128, rvi: v128, seedv: v128, weight: v128, table: usize, rowBase: v128, stride: i32, cache: usize, offs: usize): void {
  // The loop's invariants in the cache, loaded where used: in registers V8 would spill them and
  // reload them every block, and it computes a splat where it is used, in the loop. The row's
  // integer terms times the primes, for hashing (see simplex4).
  v128.store(cache, ruf, RUF);
  v128.store(cache, rvf, RVF);
  v128.store(cache, i32x4.mul(rui, v128.load(K, 32)), RUI);
  v128.store(cache, i32x4.mul(rvi, v128.load(K, 48)), RVI);
  v128.store(cache, seedv, SEED);
  v128.store(cache, weight, WEIGHT);
  v128.store(cache, rowBase, ROW_BASE);
  v128.store(cache, i32x4.splat(stride), STRIDE);
  v128.store(cache, i32x4.splat(stride + 8), STRIDE8);
  v128.store(cache, i32x4.splat(stride ^ 8), STRIDE_X8);
  for (let c = c0; c < c1; c += 4) {
    const colAt = cols + (<usize>c << 4);
    const at = out + (<usize>c << 2);
    const one = v128.load(KF, 16);
    let u = f32x4.add(v128.load(colAt, 16), v128.load(cache, RUF));
    let v = f32x4.add(v128.load(colAt, 48), v128.load(cache, RVF));
    const cu = f32x4.ge(u, one);
    const cv = f32x4.ge(v, one);
    u = f32x4.sub(u, v128.and(cu, one));
    v = f32x4.sub(v, v128.and(cv, one));
    const s = f32x4.mul(v128.load(cache, WEIGHT), simplex4(u, v, cu, cv, offs + (<usize>c << 3), table, cache));
    v128.store(at, f32x4.add(v128.load(at), s));
  }
}

/**
 * The columns' keys of an octave whose blocks share lattice cells, from its column terms at
 * `cols`: per column 16 bytes at `at`, in u and in v the integer term and the fraction's bits as
 * one u64 (integer high), which grows along a row modulo 2⁶⁴ as the columns do.
 */
export function columnKeys(cols: usize, at: usize, padded: i32): void {
  for (let c = 0; c < padded; c++) {
    const w = columnAt(cols, c);
    store<u64>(at + (<usize>c << 4), (<u64>load<u32>(w) << 32) | <u64>load<u32>(w, 16));
    store<u64>(at + (<usize>c << 4), (<u64>load<u32>(w, 32) << 32) | <u64>load<u32>(w, 48), 8);
  }
}

/**
 * The fractal sum for rows r0 … r1 − 1 of an n × n grid, written as Float32 rows from `outAt`
 * (row r0 first), each row zeroed and then summed into in fours (a row's last vector may spill
 * up to three cells into the next row, which is zeroed after; the caller pads the last row).
 * Per octave o: the columns' lattice terms at `colsAt` + o · padded · 16 (padded: n rounded up
 * to 4), the rows' at `rowsAt` + (o · n + r) · 16, the seed (i32 at `seedsAt`), the weight
 * amp · 80 / Σ amp (f32 at `weightsAt`) and whether blocks of four cells mostly share a lattice
 * cell (i32 at `sharedAt`, 1 where the octave is coarse against the cells: those read the
 * gradients from the caches, the others gather them lane by lane), and its lattice table (four
 * words at `tablesAt` + o · 16: its address, 0 for none, its stride in bytes, and the
 * i and j of its first point; see fillTable), and for a coarse octave its columns' keys at
 * `keysAt` + o · padded · 16 (see columnKeys); the cache at `cacheAt` in the heap's build (the
 * copying build's is static). One octave with weight 80 is the octave alone, for the folded
 * noises.
 */
export function fbmRows(
  n: i32, r0: i32, r1: i32, octaves: i32,
  colsAt: usize, rowsAt: usize, seedsAt: usize, weightsAt: usize, sharedAt: usize, outAt: usize,
  tablesAt: usize, keysAt: usize, cacheAt: usize, offsAt: usize,
): void {
  const padded = (n + 3) & ~3;
  const cache: usize = ASC_FEATURE_THREADS ? cacheAt : CACHE;
  for (let o = 0; o < octaves; o++) {
    const desc = tablesAt + (<usize>o << 4);
    columnOffsets(colsAt + ((<usize>o * padded) << 4), offsAt + ((<usize>o * padded) << 3), padded, load<usize>(desc), load<i32>(desc, 4));
  }
  for (let r = r0; r < r1; r++) {
    const out = outAt + (<usize>((r - r0) * n) << 2);
    memory.fill(out, 0, <usize>padded << 2);
    for (let o = 0; o < octaves; o++) {
      const seed = load<i32>(seedsAt + (<usize>o << 2));
      const weight = v128.load32_splat(weightsAt + (<usize>o << 2));
      const rowAt = rowsAt + (<usize>(o * n + r) << 4);
      const ruf = v128.load32_splat(rowAt, 4);
      const rvf = v128.load32_splat(rowAt, 12);
      const cols = colsAt + ((<usize>o * padded) << 4);
      const offs = offsAt + ((<usize>o * padded) << 3);
      const shared = load<i32>(sharedAt + (<usize>o << 2));
      const seedv = i32x4.splat(seed);
      const rui = v128.load32_splat(rowAt);
      const rvi = v128.load32_splat(rowAt, 8);
      // The octave's lattice table, if it has one: the row's integer terms' address in it.
      const desc = tablesAt + (<usize>o << 4);
      const table = load<usize>(desc);
      const stride = load<i32>(desc, 4);
      const rowBase = i32x4.splat(<i32>(table - GRADIENTS) + (load<i32>(rowAt) - load<i32>(desc, 8)) * stride + ((load<i32>(rowAt, 8) - load<i32>(desc, 12)) << 3));
      if (shared) {
        // Along a row the columns' terms only grow (or only fall, for a negative frequency: the
        // columns' x are c · step + x0 in doubles, rounded monotonically), so the lattice cells
        // do too, and a block lies in the cached cell when its last lane does (the block before
        // ended in it, or the cache was filled with this block's first lane's cell). The test is
        // on the last lane's keys (see columnKeys): cell i holds the keys from (i − 1, t) on,
        // 2³² of them, t the row's carry threshold (carryFrom); modulo 2⁶⁴, so across the wrap
        // of the integer terms at 2³¹ too.
        const tu = carryFrom(load<f32>(rowAt, 4));
        const tv = carryFrom(load<f32>(rowAt, 12));
        const keys = keysAt + ((<usize>o * padded) << 4);
        let cellI = load<i32>(cols) + <i32>(load<u32>(cols, 16) >= tu);
        let cellJ = load<i32>(cols, 32) + <i32>(load<u32>(cols, 48) >= tv);
        cacheCell(cellI, cellJ, rowAt, seed, cache);
        let loU = (<u64><u32>(cellI - 1) << 32) + tu;
        let loV = (<u64><u32>(cellJ - 1) << 32) + tv;
        let c = 0;
        while (c < padded) {
          const colAt = cols + (<usize>c << 4);
          const keyAt = keys + (<usize>c << 4);
          if ((((load<u64>(keyAt, 48) - loU) | (load<u64>(keyAt, 56) - loV)) >> 32) == 0) {
            // The offsets (u, v) into the cell: fractions summed, less their carries. Every lane
            // lies in the cell, so a lane carries where its column's integer term is the cell's
            // less one: the integer difference is the carry's mask (u ≥ 1), with no float compare.
            const one = v128.load(KF, 16);
            const u = f32x4.add(v128.load(colAt, 16), ruf);
            const v = f32x4.add(v128.load(colAt, 48), rvf);
            const cu = i32x4.sub(v128.load(colAt), v128.load(cache, CELL));
            const cv = i32x4.sub(v128.load(colAt, 32), v128.load(cache, CELL + 16));
            const s = f32x4.mul(weight, simplexCached(f32x4.sub(u, v128.and(cu, one)), f32x4.sub(v, v128.and(cv, one)), cache));
            const at = out + (<usize>c << 2);
            v128.store(at, f32x4.add(v128.load(at), s));
            c += 4;
            continue;
          }
          // Another cell at the last lane: the block in one other cell (the cache filled with it,
          // then the block again), or across a lattice line (computed as a fine octave's, then
          // the cache filled with its last lane's cell, where the next block begins). A block
          // whose column terms put it in the cached cell when its keys did not (they cannot
          // disagree but by a caller's error) is computed as a fine one too, so the loop ends.
          const i3 = load<i32>(colAt, 12) + <i32>(load<u32>(colAt, 28) >= tu);
          const j3 = load<i32>(colAt, 44) + <i32>(load<u32>(colAt, 60) >= tv);
          const i0 = load<i32>(colAt) + <i32>(load<u32>(colAt, 16) >= tu);
          const j0 = load<i32>(colAt, 32) + <i32>(load<u32>(colAt, 48) >= tv);
          if (((i0 ^ i3) | (j0 ^ j3)) != 0 || ((i3 ^ cellI) | (j3 ^ cellJ)) == 0) {
            fineBlocks(c, c + 4, cols, out, ruf, rvf, rui, rvi, seedv, weight, table, rowBase, stride, cache, offs);
            c += 4;
          }
          cacheCell(i3, j3, rowAt, seed, cache);
          cellI = i3;
          cellJ = j3;
          loU = (<u64><u32>(cellI - 1) << 32) + tu;
          loV = (<u64><u32>(cellJ - 1) << 32) + tv;
        }
      } else {
        fineBlocks(0, padded, cols, out, ruf, rvf, rui, rvi, seedv, weight, table, rowBase, stride, cache, offs);
      }
    }
  }
}
