// The world wind's blended sweep (wind-sweep.ts) in WebAssembly: the same operations on the same
// doubles in the same order, so the same bits as the JS sweep, which stays the reference.
//
// Why it is faster: the cells of a line do not depend on each other, so the line's two sweeps go
// two cells at a time (f64x2), with no bounds checks and no calls; the rain of a climb needs
// e^x, which the JS engine computes with fdlibm's exp: fdExp below is that algorithm, and a
// test checks it against Math.exp. The caller copies the region in row by row, passes byte
// offsets, and copies the target out row by row; a wind along columns reads its lines down
// the columns (measured: cheaper than transposing the region and the target).
//
// Not TypeScript: `npm run wasm` compiles this file into wind-binary.ts. IEEE add, multiply and
// divide only (no fused multiply-add); nothing allocates.

const LN2_HI: f64 = 6.93147180369123816490e-1;
const LN2_LO: f64 = 1.90821492927058770002e-10;
const INV_LN2: f64 = 1.44269504088896338700e0;
const P1: f64 = 1.66666666666666019037e-1;
const P2: f64 = -2.77777777770155933842e-3;
const P3: f64 = 6.61375632143793436117e-5;
const P4: f64 = -1.65339022054652515390e-6;
const P5: f64 = 4.13813679705723846039e-8;

/**
 * e^x for −708 < x ≤ 0 (a climb's rain: x = −4·lift·Δr), as fdlibm's __ieee754_exp computes it
 * (V8's Math.exp): the same reduction by ln 2 and the same polynomial, so the same bits.
 */
function fdExp(x: f64): f64 {
  const hx = <u32>(reinterpret<u64>(x) >> 32) & 0x7fffffff;
  let hi: f64 = 0;
  let lo: f64 = 0;
  let k: i32 = 0;
  if (hx > 0x3fd62e42) {
    if (hx < 0x3ff0a2b2) {
      hi = x + LN2_HI;
      lo = -LN2_LO;
      k = -1;
    } else {
      k = <i32>(INV_LN2 * x - 0.5);
      const t = <f64>k;
      hi = x - t * LN2_HI;
      lo = t * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k == 0) return 1 - ((x * c) / (c - 2.0) - x);
  const y = 1 - ((lo - (x * c) / (2.0 - c)) - hi);
  return y * reinterpret<f64>(<u64>(0x3ff00000 + (k << 20)) << 32);
}

/** exp for the tests. */
export function exp(x: f64): f64 {
  return fdExp(x);
}

// The coarse air the sweeps start from, set by setStart before a sweep.
let airAt: usize = 0;
let cn: i32 = 0;
let scale: f64 = 0;
// Lattice columns and rows as doubles: a view may lie 10⁹ views out, past 2³¹ cells, where an
// i32 wrapped and the fine cells were mapped onto coarse cells far off (the JS sweep's doubles
// count them exactly up to 2⁵³).
let gCol0: f64 = 0;
let gRow0: f64 = 0;
let sCol0: f64 = 0;
let sRow0: f64 = 0;
let hasStart: bool = false;

/** Where the coarse air lies (airAt = 0: air starts saturated) and how fine cells map onto it. */
export function setStart(at: usize, n: i32, fineToCoarse: f64, fineCol0: f64, fineRow0: f64, coarseCol0: f64, coarseRow0: f64): void {
  airAt = at;
  hasStart = at != 0;
  cn = n;
  scale = fineToCoarse;
  gCol0 = fineCol0;
  gRow0 = fineRow0;
  sCol0 = coarseCol0;
  sRow0 = coarseRow0;
}

/** The coarse air at fine cell (c, r): bilinear between the four coarse cell centres round it. */
function startAt(c: i32, r: i32): f64 {
  if (!hasStart) return 1;
  // The JS sweep's operations in its order: (col0 + c + 0.5) · scale − 0.5 − coarse col0.
  const fx = (gCol0 + <f64>c + 0.5) * scale - 0.5 - sCol0;
  const fy = (gRow0 + <f64>r + 0.5) * scale - 0.5 - sRow0;
  const kx = min<f64>(<f64>(cn - 2), max<f64>(0, Math.floor(fx)));
  const ky = min<f64>(<f64>(cn - 2), max<f64>(0, Math.floor(fy)));
  const wx = min<f64>(1, max<f64>(0, fx - kx));
  const wy = min<f64>(1, max<f64>(0, fy - ky));
  const i = airAt + ((<usize>(<i32>ky * cn + <i32>kx)) << 3);
  const a0 = load<f64>(i);
  const a1 = load<f64>(i, 8);
  const b0 = load<f64>(i + (<usize>cn << 3));
  const b1 = load<f64>(i + (<usize>cn << 3), 8);
  const south = a0 + wx * (a1 - a0);
  const north = b0 + wx * (b1 - b0);
  return south + wy * (north - south);
}

/** |x| below this (high word 0x3fd62e43): fdExp takes its plain path, no reduction by ln 2. */
const PLAIN_BELOW: f64 = reinterpret<f64>(0x3fd62e4300000000);
/** |x| from this (high word 0x3e300000) on: fdExp does not return 1 + x. */
const PLAIN_FROM: f64 = reinterpret<f64>(0x3e30000000000000);

/**
 * liftPair's vector constants, each twice (f64x2), loaded from memory where they are used: V8
 * builds a v128 constant in three instructions at every use, in the loop. P5 … P1, 2, 1, then
 * PLAIN_BELOW and PLAIN_FROM.
 */
const K = memory.data<f64>([P5, P5, P4, P4, P3, P3, P2, P2, P1, P1, 2.0, 2.0, 1.0, 1.0, PLAIN_BELOW, PLAIN_BELOW, PLAIN_FROM, PLAIN_FROM], 16);

/** The rain factor of cell x alone (a line's first sweep line, its last odd cell, a pair off e^x's plain range). */
function liftOne(h: usize, rank: usize, prevRank: usize, x: i32, cellStep: usize, offset: i32, reach: i32, t: f64, level: f64, kLift: f64): f64 {
  if (<f64>load<f32>(h + <usize>x * cellStep) < level) return 1;
  const r0 = <f64>load<f32>(prevRank + <usize>(x + offset) * cellStep);
  const r1 = <f64>load<f32>(prevRank + <usize>(x + reach) * cellStep);
  const rise = <f64>load<f32>(rank + <usize>x * cellStep) - (r0 + t * (r1 - r0));
  return rise > 0 ? fdExp(-kLift * rise) : 1;
}

/** Two f32 cells `step` bytes apart as f64 lanes (two loads into one vector, widened together: exact). */
@inline function pair(at: usize, step: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load32_lane(at + step, v128.load32_zero(at), 1));
}

/**
 * The rain factors of cells x and x + 1 (`water`: which of them lie under the sea level), two
 * lanes at once when every climb among them lies where fdExp computes its plain polynomial
 * (2^−28 ≤ |x| < ln 2 / 2, nearly every climb from one cell to the next): the same operations in
 * the same order as fdExp's, lane by lane, so the same bits; one by one (liftOne) otherwise.
 */
@inline function liftPair(h: usize, rank: usize, prevRank: usize, x: i32, cellStep: usize, offset: i32, reach: i32, crosses: bool, t2: v128, water: v128, negLift2: v128, t: f64, level: f64, kLift: f64): v128 {
  const at = <usize>x * cellStep;
  const r0 = pair(prevRank + <usize>(x + offset) * cellStep, cellStep);
  // A wind along an axis reads the cell straight upwind: r0 + 0 · (r0 − r0) is r0.
  const rise = f64x2.sub(pair(rank + at, cellStep), crosses ? f64x2.add(r0, f64x2.mul(t2, f64x2.sub(pair(prevRank + <usize>(x + reach) * cellStep, cellStep), r0))) : r0);
  // Land (not under the sea level) that climbs.
  const climbs = v128.andnot(f64x2.gt(rise, f64x2.splat(0)), water);
  if (!v128.any_true(climbs)) return v128.load(K, 96);
  const e = f64x2.mul(negLift2, rise);
  const size = f64x2.abs(e);
  const plain = v128.and(f64x2.lt(size, v128.load(K, 112)), f64x2.ge(size, v128.load(K, 128)));
  // Every climbing lane must be plain: climbs and not plain is none.
  if (v128.any_true(v128.andnot(climbs, plain))) {
    return f64x2.replace_lane(f64x2.splat(liftOne(h, rank, prevRank, x, cellStep, offset, reach, t, level, kLift)), 1, liftOne(h, rank, prevRank, x + 1, cellStep, offset, reach, t, level, kLift));
  }
  const tt = f64x2.mul(e, e);
  const poly = f64x2.add(v128.load(K, 16), f64x2.mul(tt, v128.load(K)));
  const poly3 = f64x2.add(v128.load(K, 32), f64x2.mul(tt, poly));
  const poly2 = f64x2.add(v128.load(K, 48), f64x2.mul(tt, poly3));
  const poly1 = f64x2.add(v128.load(K, 64), f64x2.mul(tt, poly2));
  const c = f64x2.sub(e, f64x2.mul(tt, poly1));
  const q = f64x2.div(f64x2.mul(e, c), f64x2.sub(c, v128.load(K, 80)));
  const y = f64x2.sub(v128.load(K, 96), f64x2.sub(q, e));
  return v128.bitselect(y, v128.load(K, 96), climbs);
}

/** Cells a strip of a wind along the columns: their heights, rank and air stay in cache. */
const STRIP: i32 = 16;
/**
 * Cells a strip when its rows are copied first (see `staged` in sweep): 32 rows swept 3–5 %
 * faster than 16 there (8 rows 7 % slower, 64 rows 13 %), where rows read in place did worse at 32.
 */
const STAGED_STRIP: i32 = 32;
/** Bytes between consecutive line buffers beyond a line (see sweep). */
const STAGGER: usize = 208;

/**
 * The sweep over `lines` lines of `width` cells of a region copied row by row to hAt (and
 * rankAt, 0 without), as wind-sweep.ts's sweepLines: a0 is the grid index of the region's first
 * line, b0 of its first cell; `transposed` when lines are columns. Writes the blend of target
 * lines ta0 … ta1 − 1, cells tb0 … tb1 − 1 to outAt, row-major, as doubles when `wide` (the
 * coarse air), else as floats. bufAt holds four lines of doubles and four of `lines` doubles, each 208 bytes more,
 * and, for a wind straight along the columns read in place (pitch > 0), 2 · STAGED_STRIP rows of `lines` floats, each 64 bytes more.
 * `pitch`: floats from one row of the region to the next at hAt and rankAt, `outPitch` from one
 * target row to the next at outAt (0: rows end to end; the grid heap's grids are read and
 * written in place, rows of the whole grid apart). `major0`: the grid's first lattice column (a
 * wind along the columns) or row, modulo `block` (0 … block − 1): the lines' phases are counted
 * from it, and the lattice index itself may lie past 2³¹ (wind-instance.ts reduces it).
 *
 * Lines that are columns are read down the columns, a strip of STRIP rows at a time: each
 * strip sweeps every line over its own cells, and a cell on its edge that reads the row
 * beyond (a slanted wind) finds that row's air, as the strip before left it, in a carry.
 */
export function sweep(
  hAt: usize, rankAt: usize, level: f64, width: i32, lines: i32,
  a0: i32, b0: i32, major: i32, major0: i32, block: i32, transposed: bool,
  offset: i32, reach: i32, t: f64, wet: f64, dry: f64, kLift: f64,
  ta0: i32, ta1: i32, tb0: i32, tb1: i32, outAt: usize, wide: bool, bufAt: usize, pitch: i32, outPitch: i32,
): void {
  // Cell x of line a is at (a − a0) · lineStep + x · cellStep floats from hAt (and rankAt): a
  // line is a row of the region, or a column of it when `transposed`; rows lie `rowFloats` apart.
  const rowFloats = pitch > 0 ? pitch : transposed ? lines : width;
  const lineStep: usize = transposed ? 4 : <usize>rowFloats << 2;
  let cellStep: usize = transposed ? <usize>rowFloats << 2 : 4;
  // The target is written by rows: cell (a, b) at (a − ta0) · outLine + (b − tb0) · outCell.
  const outRow: usize = outPitch > 0 ? <usize>outPitch : transposed ? <usize>(ta1 - ta0) : <usize>(tb1 - tb0);
  const outLine: usize = transposed ? 1 : outRow;
  const outCell: usize = transposed ? outRow : 1;
  // The line buffers lie a little more than a line apart, so that the windows of them a strip
  // works on do not all fall into the same sets of the first-level cache.
  const lineBytes = (<usize>width << 3) + STAGGER;
  let prevNew = bufAt;
  let prevOld = prevNew + lineBytes;
  let curNew = prevOld + lineBytes;
  let curOld = curNew + lineBytes;
  const carryBytes = (<usize>lines << 3) + STAGGER;
  let carryInNew = curOld + lineBytes;
  let carryInOld = carryInNew + carryBytes;
  let carryOutNew = carryInOld + carryBytes;
  let carryOutOld = carryOutNew + carryBytes;
  // A wind straight along the columns of grids read in place (rows `pitch` apart) copies each
  // strip's rows of heights and rank here first, row by row: a copy streams through memory,
  // where the sweep, reading a strip's rows a column at a time, waited on each row's next cache line.
  const staged = transposed && pitch > 0 && offset == 0 && reach == 0;
  const stageRow: usize = (<usize>lines << 2) + 64;
  const stageH = carryOutOld + carryBytes;
  const stageRank = stageH + <usize>STAGED_STRIP * stageRow;
  // A wind along the columns writes each line's floats down a column of the target, rows of the
  // grid apart: 4 KB at 1024², so a strip's rows all fell into one set of the first-level cache
  // and every store missed it. They go to rows here, STAGED_STRIP of them each 64 bytes more
  // than a line, and each row to the target after the strip, in one copy.
  const stageOut = staged ? stageRank + <usize>STAGED_STRIP * stageRow : carryOutOld + carryBytes;
  const outStaged = transposed && !wide;
  let hBase = hAt;
  let rankBase = rankAt;
  const withLift = rankAt != 0 && kLift > 0;
  // Cells whose upwind points fall outside the region start afresh.
  const xFirst = max(0, -offset);
  const xLast = min(width - 1, width - 1 - reach);
  const wet2 = f64x2.splat(wet);
  const dry2 = f64x2.splat(dry);
  const one2 = v128.load(K, 96);
  const t2 = f64x2.splat(t);
  const level2 = f64x2.splat(level);
  const negLift2 = f64x2.splat(-kLift);
  const offBytes = <isize>offset << 3;
  const reachBytes = <isize>reach << 3;
  // Strips go the way the cells read: upward when a cell reads the cell before (offset −1).
  const strip = transposed ? (staged ? STAGED_STRIP : STRIP) : width;
  const strips = (width + strip - 1) / strip;
  const crosses = offset != 0 || reach != 0;
  const up = offset < 0;
  for (let si = 0; si < strips; si++) {
    const from = (up ? si : strips - 1 - si) * strip;
    const to = min(width, from + strip);
    const xr = up ? from - 1 : to; // the cell beyond the strip its edge reads
    const xb = up ? to - 1 : from; // the strip's cell the next strip reads
    const withCarry = crosses && xr >= 0 && xr < width;
    const lo = max(from, xFirst);
    const hi = min(to - 1, xLast);
    if (staged) {
      // Row x of the strip at stageH + (x − from) · stageRow, so cell x of line a stays at (a − a0) · 4 + x · cellStep.
      cellStep = stageRow;
      hBase = stageH - <usize>from * stageRow;
      rankBase = stageRank - <usize>from * stageRow;
      for (let x = from; x < to; x++) {
        const row = <usize>x * (<usize>rowFloats << 2);
        memory.copy(hBase + <usize>x * stageRow, hAt + row, <usize>lines << 2);
        if (withLift) memory.copy(rankBase + <usize>x * stageRow, rankAt + row, <usize>lines << 2);
      }
    }
    // A line's phase, u modulo the block (u = major · (major0 + a)), grows by one from line to
    // line either way the wind blows: two integer divisions a line, once a strip.
    const u0 = major * (major0 + (major > 0 ? a0 : a0 + lines - 1));
    let phase = ((u0 % block) + block) % block;
    for (let k = 0; k < lines; k++, phase = phase + 1 == block ? 0 : phase + 1) {
      const a = major > 0 ? a0 + k : a0 + lines - 1 - k;
      const h = hBase + <usize>(a - a0) * lineStep;
      if (k == 0) {
        for (let x = from; x < to; x++) startAfresh(h + <usize>x * cellStep, level, wet, dry, transposed, a, b0 + x, x, curNew, curOld);
      } else {
        if (withCarry) {
          // The air of the previous line at the cell beyond the strip, as the strip before left it.
          const c = <usize>(a - major - a0) << 3;
          store<f64>(prevNew + (<usize>xr << 3), load<f64>(carryInNew + c));
          store<f64>(prevOld + (<usize>xr << 3), load<f64>(carryInOld + c));
        }
        // The rain of the climb from the upwind point to each land cell, e^(−4·lift·Δr) when
        // Δr > 0, is worked out in the loops below, cell by cell as the air moves on.
        const rank = rankBase + <usize>(a - a0) * lineStep;
        const prevRank = rank - <usize>major * lineStep;
        if (phase == 0) {
          // The older sweep is dropped, the newer becomes the older, a new one starts here.
          for (let x = lo; x <= hi; x++) {
            const p = prevNew + (<usize>x << 3);
            const n0 = load<f64>(p + offBytes);
            const fromNew = n0 + t * (load<f64>(p + reachBytes) - n0);
            const s0 = startAt(transposed ? a : b0 + x, transposed ? b0 + x : a);
            const water = <f64>load<f32>(h + <usize>x * cellStep) < level;
            const f = withLift ? liftOne(h, rank, prevRank, x, cellStep, offset, reach, t, level, kLift) : 1;
            store<f64>(curOld + (<usize>x << 3), water ? fromNew + (1 - fromNew) * wet : fromNew * dry * f);
            store<f64>(curNew + (<usize>x << 3), water ? s0 + (1 - s0) * wet : s0 * dry);
          }
        } else {
          // Two cells at a time: both sweeps moved on one step, over water or over land (the
          // rain of a climb two lanes at once while both fall in e^x's plain range, liftPair).
          let x = lo;
          for (; x + 1 <= hi; x += 2) {
            const pn = prevNew + (<usize>x << 3);
            const po = prevOld + (<usize>x << 3);
            const n0 = v128.load(pn + offBytes);
            const o0 = v128.load(po + offBytes);
            // Straight upwind (a wind along an axis): n0 + 0 · (n0 − n0) is n0, the air being finite.
            const fromNew = crosses ? f64x2.add(n0, f64x2.mul(t2, f64x2.sub(v128.load(pn + reachBytes), n0))) : n0;
            const fromOld = crosses ? f64x2.add(o0, f64x2.mul(t2, f64x2.sub(v128.load(po + reachBytes), o0))) : o0;
            const water = f64x2.lt(pair(h + <usize>x * cellStep, cellStep), level2);
            const f = withLift ? liftPair(h, rank, prevRank, x, cellStep, offset, reach, crosses, t2, water, negLift2, t, level, kLift) : one2;
            const newWater = f64x2.add(fromNew, f64x2.mul(f64x2.sub(one2, fromNew), wet2));
            const oldWater = f64x2.add(fromOld, f64x2.mul(f64x2.sub(one2, fromOld), wet2));
            const newLand = f64x2.mul(f64x2.mul(fromNew, dry2), f);
            const oldLand = f64x2.mul(f64x2.mul(fromOld, dry2), f);
            v128.store(curNew + (<usize>x << 3), v128.bitselect(newWater, newLand, water));
            v128.store(curOld + (<usize>x << 3), v128.bitselect(oldWater, oldLand, water));
          }
          for (; x <= hi; x++) {
            const pn = prevNew + (<usize>x << 3);
            const po = prevOld + (<usize>x << 3);
            const n0 = load<f64>(pn + offBytes);
            const o0 = load<f64>(po + offBytes);
            const fromNew = n0 + t * (load<f64>(pn + reachBytes) - n0);
            const fromOld = o0 + t * (load<f64>(po + reachBytes) - o0);
            const f = withLift ? liftOne(h, rank, prevRank, x, cellStep, offset, reach, t, level, kLift) : 1;
            const water = <f64>load<f32>(h + <usize>x * cellStep) < level;
            store<f64>(curNew + (<usize>x << 3), water ? fromNew + (1 - fromNew) * wet : fromNew * dry * f);
            store<f64>(curOld + (<usize>x << 3), water ? fromOld + (1 - fromOld) * wet : fromOld * dry * f);
          }
        }
        // The region's edges across the wind (their upwind points lie outside it) start afresh.
        for (let x = from; x < min(xFirst, to); x++) startAfresh(h + <usize>x * cellStep, level, wet, dry, transposed, a, b0 + x, x, curNew, curOld);
        for (let x = max(xLast + 1, from); x < to; x++) startAfresh(h + <usize>x * cellStep, level, wet, dry, transposed, a, b0 + x, x, curNew, curOld);
      }
      if (crosses) {
        const c = <usize>(a - a0) << 3;
        store<f64>(carryOutNew + c, load<f64>(curNew + (<usize>xb << 3)));
        store<f64>(carryOutOld + c, load<f64>(curOld + (<usize>xb << 3)));
      }
      if (a >= ta0 && a < ta1) {
        const w = <f64>phase / <f64>block;
        const bEnd = min(tb1, b0 + to);
        const bFrom = max(tb0, b0 + from);
        let b = bFrom;
        // Floats: cell b of line a at o + (b − bFrom) · cellBytes (a row of the target, a column
        // of it, or a column of the strip's rows, see stageOut).
        const o = outStaged ? stageOut + (<usize>(a - ta0) << 2) + <usize>(bFrom - b0 - from) * stageRow : outAt + (((<usize>(a - ta0) * outLine) + <usize>(bFrom - tb0) * outCell) << 2);
        const cellBytes = outStaged ? stageRow : outCell << 2;
        if (!wide) {
          // Two cells a vector, the same operations, each float stored where it goes.
          const w1 = f64x2.splat(1 - w);
          const w2 = f64x2.splat(w);
          for (; b + 1 < bEnd; b += 2) {
            const x = <usize>(b - b0) << 3;
            const v = f32x4.demote_f64x2_zero(f64x2.add(f64x2.mul(w1, v128.load(curOld + x)), f64x2.mul(w2, v128.load(curNew + x))));
            const at = o + <usize>(b - bFrom) * cellBytes;
            v128.store32_lane(at, v, 0);
            v128.store32_lane(at + cellBytes, v, 1);
          }
        }
        for (; b < bEnd; b++) {
          const x = <usize>(b - b0) << 3;
          const v = (1 - w) * load<f64>(curOld + x) + w * load<f64>(curNew + x);
          if (wide) store<f64>(outAt + ((<usize>(a - ta0) * outLine + <usize>(b - tb0) * outCell) << 3), v);
          else store<f32>(o + <usize>(b - bFrom) * cellBytes, <f32>v);
        }
      }
      let swap = prevNew;
      prevNew = curNew;
      curNew = swap;
      swap = prevOld;
      prevOld = curOld;
      curOld = swap;
    }
    if (outStaged && ta1 > ta0) {
      // The strip's rows of the target, where they go.
      for (let b = max(tb0, b0 + from); b < min(tb1, b0 + to); b++) {
        memory.copy(outAt + ((<usize>(b - tb0) * outRow) << 2), stageOut + <usize>(b - b0 - from) * stageRow, <usize>(ta1 - ta0) << 2);
      }
    }
    let swap = carryInNew;
    carryInNew = carryOutNew;
    carryOutNew = swap;
    swap = carryInOld;
    carryInOld = carryOutOld;
    carryOutOld = swap;
  }
}

/** Both sweeps start at cell x of line a (grid cell b across the wind), whose height is at `cell`. */
@inline function startAfresh(cell: usize, level: f64, wet: f64, dry: f64, transposed: bool, a: i32, b: i32, x: i32, curNew: usize, curOld: usize): void {
  const water = <f64>load<f32>(cell) < level;
  const s0 = startAt(transposed ? a : b, transposed ? b : a);
  const v = water ? s0 + (1 - s0) * wet : s0 * dry;
  store<f64>(curNew + (<usize>x << 3), v);
  store<f64>(curOld + (<usize>x << 3), v);
}
