// The fBm's simplex noise in WebAssembly SIMD, four cells at a time, bit for bit the same
// numbers as the scalar JS kernel in noise.ts (which stays the reference and the fallback).
//
// Why f64x2 and not f32x4: the JS kernel computes in doubles, and every recipe's claims were
// measured on its values. Keeping doubles keeps every value, golden test and recipe as it was;
// the gain comes from branch-free corners (the scalar loop mispredicts its `a > 0` tests about a
// third of the time), from reading the (gx, gy) pair of a gradient with one 16-byte load, and
// from summing all octaves of a row in a row-sized accumulator that stays in L1.
//
// Not TypeScript: `npm run wasm` compiles this file into noise-binary.ts. Same inputs, same
// bits: IEEE add and multiply only (no fused multiply-add, no Math functions but floor), the
// operations in the order noise.ts does them. Nothing here allocates; the caller lays out
// every buffer and passes byte offsets.

const F2: f64 = 0.36602540378443865; // (√3 − 1) / 2
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

/** Interleaved (gx, gy) of the 24 gradient directions, as in noise.ts; 16 bytes a gradient. */
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

/** The lattice hash of noise.ts as byte offsets of gradients: (((h >>> 16) · 24) >>> 16) · 16. */
@inline function gradientOffsets(v: v128): v128 {
  let h = i32x4.mul(v, i32x4.splat(HASH_MUL));
  h = v128.xor(h, i32x4.shr_u(h, 15));
  return i32x4.shl(i32x4.shr_u(i32x4.mul(i32x4.shr_u(h, 16), i32x4.splat(24)), 16), 3);
}

/**
 * One corner's contribution for two cells: (max(0, ½ − x² − y²))⁴ · (g · (x, y)), with the
 * gradients at byte offsets `o0` and `o1` of the table. A corner out of reach gives ±0, which
 * adds nothing, as the scalar kernel's skipped branch does.
 */
@inline function corner(x: v128, y: v128, o: v128): v128 {
  let a = f32x4.sub(f32x4.sub(f32x4.splat(0.5), f32x4.mul(x, x)), f32x4.mul(y, y));
  a = f32x4.pmax(f32x4.splat(0), a);
  a = f32x4.mul(a, a);
  let p01 = v128.load64_zero(GRADIENTS + <usize>i32x4.extract_lane(o, 0));
  p01 = v128.load64_lane(GRADIENTS + <usize>i32x4.extract_lane(o, 1), p01, 1);
  let p23 = v128.load64_zero(GRADIENTS + <usize>i32x4.extract_lane(o, 2));
  p23 = v128.load64_lane(GRADIENTS + <usize>i32x4.extract_lane(o, 3), p23, 1);
  const gx = v128.shuffle<f32>(p01, p23, 0, 2, 4, 6);
  const gy = v128.shuffle<f32>(p01, p23, 1, 3, 5, 7);
  return f32x4.mul(f32x4.mul(a, a), f32x4.add(f32x4.mul(gx, x), f32x4.mul(gy, y)));
}

/**
 * Adds scale · simplex(x, y; seed) to acc for four cells: xs at `xsAt` (f64 × 4), one y,
 * accumulators at `accAt` (f64 × 4). The operations are noise.ts's addSimplexRow, in its order.
 */
@inline function simplex4(xsAt: usize, accAt: usize, yv: v128, seedv: v128, scalev: v128): void {
  const xa = v128.load(xsAt);
  const xb = v128.load(xsAt, 16);
  const sa = f64x2.mul(f64x2.add(xa, yv), f64x2.splat(F2));
  const sb = f64x2.mul(f64x2.add(xb, yv), f64x2.splat(F2));
  const ia = f64x2.floor(f64x2.add(xa, sa));
  const ib = f64x2.floor(f64x2.add(xb, sb));
  const ja = f64x2.floor(f64x2.add(yv, sa));
  const jb = f64x2.floor(f64x2.add(yv, sb));
  const ta = f64x2.mul(f64x2.add(ia, ja), f64x2.splat(G2));
  const tb = f64x2.mul(f64x2.add(ib, jb), f64x2.splat(G2));
  const x0a = f64x2.sub(xa, f64x2.sub(ia, ta));
  const x0b = f64x2.sub(xb, f64x2.sub(ib, tb));
  const y0a = f64x2.sub(yv, f64x2.sub(ja, ta));
  const y0b = f64x2.sub(yv, f64x2.sub(jb, tb));

  // Integer-valued doubles to i32 as JS's `| 0` does (modulo 2³²): plus 1.5 · 2⁵², the low 32
  // bits of the sum's mantissa are the integer's. One add, where a saturating convert is five.
  const magic = f64x2.splat(6755399441055744.0);
  const i = v128.shuffle<i32>(f64x2.add(ia, magic), f64x2.add(ib, magic), 0, 2, 4, 6);
  const j = v128.shuffle<i32>(f64x2.add(ja, magic), f64x2.add(jb, magic), 0, 2, 4, 6);
  const ip = i32x4.mul(i, i32x4.splat(PRIME_X));
  const jp = i32x4.mul(j, i32x4.splat(PRIME_Y));
  const ipx = i32x4.add(ip, i32x4.splat(PRIME_X));
  const jpy = i32x4.add(jp, i32x4.splat(PRIME_Y));

  const x0 = v128.shuffle<f32>(f32x4.demote_f64x2_zero(x0a), f32x4.demote_f64x2_zero(x0b), 0, 1, 4, 5);
  const y0 = v128.shuffle<f32>(f32x4.demote_f64x2_zero(y0a), f32x4.demote_f64x2_zero(y0b), 0, 1, 4, 5);

  // Corner (0, 0).
  let sum = corner(x0, y0, gradientOffsets(v128.xor(v128.xor(seedv, ip), jp)));
  // Corner (1, 1).
  const d2 = f32x4.splat(<f32>(2 * G2 - 1));
  sum = f32x4.add(sum, corner(f32x4.add(x0, d2), f32x4.add(y0, d2), gradientOffsets(v128.xor(v128.xor(seedv, ipx), jpy))));
  // The middle corner: (1, 0) where x0 > y0, else (0, 1).
  const m = f32x4.gt(x0, y0);
  const o = gradientOffsets(v128.xor(v128.xor(seedv, v128.bitselect(ipx, ip, m)), v128.bitselect(jp, jpy, m)));
  const dx = v128.bitselect(f32x4.splat(<f32>(G2 - 1)), f32x4.splat(<f32>G2), m);
  const dy = v128.bitselect(f32x4.splat(<f32>G2), f32x4.splat(<f32>(G2 - 1)), m);
  sum = f32x4.add(sum, corner(f32x4.add(x0, dx), f32x4.add(y0, dy), o));
  const suma = f64x2.promote_low_f32x4(sum);
  const sumb = f64x2.promote_low_f32x4(v128.shuffle<f32>(sum, sum, 2, 3, 2, 3));

  v128.store(accAt, f64x2.add(v128.load(accAt), f64x2.mul(scalev, suma)));
  v128.store(accAt, f64x2.add(v128.load(accAt, 16), f64x2.mul(scalev, sumb)), 16);
}

/**
 * The fractal sum for rows r0 … r1 − 1 of an n × n grid, written as Float32 rows from `outAt`
 * (row r0 first). Per octave o: xs at `xsAt` + o · stride (f64, noise-space x of each column,
 * padded to a multiple of 4), ys at `ysAt` + o · n (f64, noise-space y of each row), the seed
 * (i32 at `seedsAt`) and the scale amp · 80 (f64 at `scalesAt`). `inv` is 1 / Σ amp. Scratch:
 * one f64 row (padded) at `accAt`.
 */
export function fbmRows(
  n: i32, r0: i32, r1: i32, octaves: i32,
  xsAt: usize, ysAt: usize, seedsAt: usize, scalesAt: usize, inv: f64,
  outAt: usize, accAt: usize,
): void {
  const padded = (n + 3) & ~3;
  const stride = <usize>padded << 3;
  for (let r = r0; r < r1; r++) {
    memory.fill(accAt, 0, stride);
    for (let o = 0; o < octaves; o++) {
      const yv = f64x2.splat(load<f64>(ysAt + (<usize>(o * n + r) << 3)));
      const seedv = i32x4.splat(load<i32>(seedsAt + (<usize>o << 2)));
      const scalev = f64x2.splat(load<f64>(scalesAt + (<usize>o << 3)));
      const xs = xsAt + <usize>o * stride;
      for (let c = 0; c < padded; c += 4) simplex4(xs + (<usize>c << 3), accAt + (<usize>c << 3), yv, seedv, scalev);
    }
    const out = outAt + (<usize>((r - r0) * n) << 2);
    for (let c = 0; c < n; c++) store<f32>(out + (<usize>c << 2), <f32>(load<f64>(accAt + (<usize>c << 3)) * inv));
  }
}

/**
 * One octave alone, for the folded noises: scale · simplex at every cell of rows r0 … r1 − 1,
 * as f64 rows of n from `outAt` (row r0 first), the same bits as noise.ts's addSimplexRow onto a
 * zeroed row. Each row is zeroed and then summed into in fours: a row's last vector may spill
 * up to three cells into the next row, which is zeroed after; the caller pads the last row.
 */
export function octaveRows(n: i32, r0: i32, r1: i32, xsAt: usize, ysAt: usize, seed: i32, scale: f64, outAt: usize): void {
  const padded = (n + 3) & ~3;
  const seedv = i32x4.splat(seed);
  const scalev = f64x2.splat(scale);
  for (let r = r0; r < r1; r++) {
    const row = outAt + (<usize>((r - r0) * n) << 3);
    memory.fill(row, 0, <usize>padded << 3);
    const yv = f64x2.splat(load<f64>(ysAt + (<usize>r << 3)));
    for (let c = 0; c < padded; c += 4) simplex4(xsAt + (<usize>c << 3), row + (<usize>c << 3), yv, seedv, scalev);
  }
}
