// The fBm's simplex noise in WebAssembly SIMD, four cells at a time, bit for bit the same
// numbers as the scalar JS kernel in noise.ts (which stays the reference and the fallback).
//
// Every cell is Float32 and int32 arithmetic, four cells to a vector: the lattice cell and the
// offsets into it come from per-column and per-row terms split once in doubles (see
// latticeColumns in noise.ts), so no lane needs a double; corners are branch-free (a scalar
// loop mispredicts its `a > 0` tests about a third of the time); a row's octaves are summed in
// a row-sized accumulator that stays in L1.
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

/** The lattice hash of noise.ts as byte offsets of gradients: (((h >>> 16) · 24) >>> 16) · 8. */
@inline function gradientOffsets(v: v128): v128 {
  let h = i32x4.mul(v, v128.load(K));
  h = v128.xor(h, i32x4.shr_u(h, 15));
  return i32x4.shl(i32x4.shr_u(i32x4.mul(i32x4.shr_u(h, 16), v128.load(K, 16)), 16), 3);
}

/**
 * One corner's contribution for four cells: (max(0, ½ − x² − y²))⁴ · (g · (x, y)), with the
 * gradients at byte offsets `o` of the table. A corner out of reach gives ±0, which adds
 * nothing, as the scalar kernel's skipped branch does.
 */
@inline function corner(x: v128, y: v128, o: v128): v128 {
  let a = f32x4.sub(f32x4.sub(v128.load(KF), f32x4.mul(x, x)), f32x4.mul(y, y));
  a = f32x4.pmax(f32x4.splat(0), a);
  a = f32x4.mul(a, a);
  // The (gx, gy) pairs, 8 bytes each, gathered lane by lane: two offsets to a 64-bit extract,
  // split in scalar registers, where four 32-bit extracts would all use the vector shuffle port.
  const o01 = i64x2.extract_lane(o, 0);
  const o23 = i64x2.extract_lane(o, 1);
  let p01 = v128.load64_zero(<usize><u32>o01, GRADIENTS);
  p01 = v128.load64_lane(<usize>(o01 >>> 32), p01, 1, GRADIENTS);
  let p23 = v128.load64_zero(<usize><u32>o23, GRADIENTS);
  p23 = v128.load64_lane(<usize>(o23 >>> 32), p23, 1, GRADIENTS);
  const gx = v128.shuffle<f32>(p01, p23, 0, 2, 4, 6);
  const gy = v128.shuffle<f32>(p01, p23, 1, 3, 5, 7);
  return f32x4.mul(f32x4.mul(a, a), f32x4.add(f32x4.mul(gx, x), f32x4.mul(gy, y)));
}

/** corner() with the gradients given as vectors. */
@inline function cornerOf(x: v128, y: v128, gx: v128, gy: v128): v128 {
  let a = f32x4.sub(f32x4.sub(v128.load(KF), f32x4.mul(x, x)), f32x4.mul(y, y));
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

// The lattice cell whose four corners' gradients were looked up last (fresh: for the row and
// octave under way), kept while the blocks of a row stay in it, each gradient component
// splatted to the four lanes.
let lastI: i32 = 0;
let lastJ: i32 = 0;
let fresh = false;
let g00x: v128 = i32x4.splat(0);
let g00y: v128 = i32x4.splat(0);
let g11x: v128 = i32x4.splat(0);
let g11y: v128 = i32x4.splat(0);
let g10x: v128 = i32x4.splat(0);
let g10y: v128 = i32x4.splat(0);
let g01x: v128 = i32x4.splat(0);
let g01y: v128 = i32x4.splat(0);

/**
 * simplex(x, y; seed) / 80 for four cells: their columns' lattice terms at `colAt` (one 64-byte
 * block, see latticeColumns in noise.ts), the row's terms splatted. The operations are
 * noise.ts's simplexCell, in its order.
 */
@inline function simplex4(colAt: usize, rui: v128, ruf: v128, rvi: v128, rvf: v128, seedv: v128, shared: bool): v128 {
  // The lattice cell (i, j) and the offsets (u, v) into it: fractions summed, carries added.
  const one = v128.load(KF, 16);
  let u = f32x4.add(v128.load(colAt, 16), ruf);
  let v = f32x4.add(v128.load(colAt, 48), rvf);
  const cu = f32x4.ge(u, one);
  const cv = f32x4.ge(v, one);
  u = f32x4.sub(u, v128.and(cu, one));
  v = f32x4.sub(v, v128.and(cv, one));
  // A carry lane is all ones, −1 as an integer.
  const i = i32x4.sub(i32x4.add(v128.load(colAt), rui), cu);
  const j = i32x4.sub(i32x4.add(v128.load(colAt, 32), rvi), cv);
  // Unskewed: the offsets from corner (0, 0).
  const t = f32x4.mul(f32x4.add(u, v), v128.load(KF, 32));
  const x0 = f32x4.sub(u, t);
  const y0 = f32x4.sub(v, t);
  const d2 = v128.load(KF, 48);
  // The middle corner: (1, 0) where x0 > y0, else (0, 1).
  const m = f32x4.gt(x0, y0);
  const g2 = v128.load(KF, 32);
  const g2m1 = v128.load(KF, 64);
  const dx = v128.bitselect(g2m1, g2, m);
  const dy = v128.bitselect(g2, g2m1, m);

  // Four cells in one lattice cell share its corners: hash them once, in scalar registers, and
  // once only while the row stays in the cell; splat each gradient to the four lanes. The same
  // gradients, so the same bits as the lane-by-lane path below.
  // i and j never decrease (or never increase) along a row's columns, so the first and last
  // lanes agreeing means all four do.
  const i0 = i32x4.extract_lane(i, 0);
  const j0 = i32x4.extract_lane(j, 0);
  if (shared && i0 == i32x4.extract_lane(i, 3) && j0 == i32x4.extract_lane(j, 3)) {
    if (i0 != lastI || j0 != lastJ || !fresh) {
      const seed = i32x4.extract_lane(seedv, 0);
      const ips = i0 * PRIME_X;
      const jps = j0 * PRIME_Y;
      const at00 = gradientOffset(seed ^ ips ^ jps);
      const at11 = gradientOffset(seed ^ (ips + PRIME_X) ^ (jps + PRIME_Y));
      const at10 = gradientOffset(seed ^ (ips + PRIME_X) ^ jps);
      const at01 = gradientOffset(seed ^ ips ^ (jps + PRIME_Y));
      g00x = v128.load32_splat(at00, GRADIENTS);
      g00y = v128.load32_splat(at00, GRADIENTS + 4);
      g11x = v128.load32_splat(at11, GRADIENTS);
      g11y = v128.load32_splat(at11, GRADIENTS + 4);
      g10x = v128.load32_splat(at10, GRADIENTS);
      g10y = v128.load32_splat(at10, GRADIENTS + 4);
      g01x = v128.load32_splat(at01, GRADIENTS);
      g01y = v128.load32_splat(at01, GRADIENTS + 4);
      lastI = i0;
      lastJ = j0;
      fresh = true;
    }
    let s = cornerOf(x0, y0, g00x, g00y);
    s = f32x4.add(s, cornerOf(f32x4.add(x0, d2), f32x4.add(y0, d2), g11x, g11y));
    const gx = v128.bitselect(g10x, g01x, m);
    const gy = v128.bitselect(g10y, g01y, m);
    return f32x4.add(s, cornerOf(f32x4.add(x0, dx), f32x4.add(y0, dy), gx, gy));
  }

  const px = v128.load(K, 32);
  const py = v128.load(K, 48);
  const ip = i32x4.mul(i, px);
  const jp = i32x4.mul(j, py);
  // Corner (0, 0).
  let sum = corner(x0, y0, gradientOffsets(v128.xor(v128.xor(seedv, ip), jp)));
  // Corner (1, 1).
  const o11 = gradientOffsets(v128.xor(v128.xor(seedv, i32x4.add(ip, px)), i32x4.add(jp, py)));
  sum = f32x4.add(sum, corner(f32x4.add(x0, d2), f32x4.add(y0, d2), o11));
  // The middle corner.
  const o = gradientOffsets(v128.xor(v128.xor(seedv, i32x4.add(ip, v128.and(m, px))), i32x4.add(jp, v128.andnot(py, m))));
  return f32x4.add(sum, corner(f32x4.add(x0, dx), f32x4.add(y0, dy), o));
}

/**
 * The fractal sum for rows r0 … r1 − 1 of an n × n grid, written as Float32 rows from `outAt`
 * (row r0 first), each row zeroed and then summed into in fours (a row's last vector may spill
 * up to three cells into the next row, which is zeroed after; the caller pads the last row).
 * Per octave o: the columns' lattice terms at `colsAt` + o · padded · 16 (padded: n rounded up
 * to 4), the rows' at `rowsAt` + (o · n + r) · 16, the seed (i32 at `seedsAt`), the weight
 * amp · 80 / Σ amp (f32 at `weightsAt`) and whether blocks of four cells mostly share a lattice
 * cell (i32 at `sharedAt`, 1 where the octave is coarse against the cells). One octave with
 * weight 80 is the octave alone, for the folded noises.
 */
export function fbmRows(
  n: i32, r0: i32, r1: i32, octaves: i32,
  colsAt: usize, rowsAt: usize, seedsAt: usize, weightsAt: usize, sharedAt: usize, outAt: usize,
): void {
  const padded = (n + 3) & ~3;
  for (let r = r0; r < r1; r++) {
    const out = outAt + (<usize>((r - r0) * n) << 2);
    memory.fill(out, 0, <usize>padded << 2);
    for (let o = 0; o < octaves; o++) {
      const seedv = v128.load32_splat(seedsAt + (<usize>o << 2));
      const weight = v128.load32_splat(weightsAt + (<usize>o << 2));
      const rowAt = rowsAt + (<usize>(o * n + r) << 4);
      const rui = v128.load32_splat(rowAt);
      const ruf = v128.load32_splat(rowAt, 4);
      const rvi = v128.load32_splat(rowAt, 8);
      const rvf = v128.load32_splat(rowAt, 12);
      const cols = colsAt + ((<usize>o * padded) << 4);
      if (load<i32>(sharedAt + (<usize>o << 2))) {
        fresh = false;
        for (let c = 0; c < padded; c += 4) {
          const at = out + (<usize>c << 2);
          v128.store(at, f32x4.add(v128.load(at), f32x4.mul(weight, simplex4(cols + (<usize>c << 4), rui, ruf, rvi, rvf, seedv, true))));
        }
      } else {
        for (let c = 0; c < padded; c += 4) {
          const at = out + (<usize>c << 2);
          v128.store(at, f32x4.add(v128.load(at), f32x4.mul(weight, simplex4(cols + (<usize>c << 4), rui, ruf, rvi, rvf, seedv, false))));
        }
      }
    }
  }
}
