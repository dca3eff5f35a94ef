// The build's PNG encoding in WebAssembly, operation for operation the JavaScript it replaced
// (deflate.ts, png.ts, encode.ts), so the same bytes: a height tile's rows quantised to 16 bits
// and filtered Up, the run-length tokens of a deflate block and their frequencies, the tokens'
// bit strings, and the Adler-32 of the stream. The Huffman codes and block headers stay in
// deflate.ts (a few hundred symbols a block). tests/build-png.test.ts pins the bytes.
//
// Not TypeScript: `npm run wasm` compiles this file into png-binary.ts. Nothing here allocates;
// the caller lays out every buffer and passes byte offsets.

/** Tokens a block at most (deflate.ts BLOCK_TOKENS). */
const BLOCK_TOKENS: i32 = 1 << 16;
const MAX_RUN: i32 = 258;

/**
 * A 16-bit height tile's PNG rows: the south-first Float32 field (n × n at fieldAt) mapped over
 * [min, min + span] to 0 … 65535 (encode.ts quantize16: NaN and values below to 0, above to
 * 65535, rounded as Math.round), written north row first, each row its filter byte 2 and its
 * big-endian samples minus those of the row above (png.ts grey16PngBytes). prevAt: 2n bytes of
 * scratch. Returns the cells clipped (real values outside the range).
 */
export function grey16Rows(fieldAt: usize, n: i32, min: f64, span: f64, outAt: usize, prevAt: usize, rangeAt: usize): i32 {
  let clipped: i32 = 0;
  // The field's own finite range (finiteMinMax in src/render/layer.ts): NaN never taken, −∞ never the least, +∞ never the most.
  let lo: f64 = Infinity;
  let hi: f64 = -Infinity;
  const stride = <usize>(2 * n + 1);
  for (let r: i32 = 0; r < n; r++) {
    const src = fieldAt + ((<usize>(n - 1 - r) * <usize>n) << 2);
    const o = outAt + <usize>r * stride;
    store<u8>(o, 2);
    for (let c: i32 = 0; c < n; c++) {
      const v = <f64>load<f32>(src + (<usize>c << 2));
      lo = select<f64>(v, lo, (v < lo) & (v != -Infinity));
      hi = select<f64>(v, hi, (v > hi) & (v != Infinity));
      let t = (v - min) / span;
      if (!(t >= 0)) {
        if (t < 0) clipped++;
        t = 0;
      } else if (t > 1) {
        clipped++;
        t = 1;
      }
      const x = t * 65535;
      const whole = Math.floor(x);
      const q = <u32>whole + <u32>(x - whole >= 0.5);
      const at = <usize>c << 1;
      const p: u32 = r == 0 ? 0 : <u32>load<u16>(prevAt + at);
      store<u8>(o + 1 + at, <u8>(((q >> 8) - (p >> 8)) & 0xff));
      store<u8>(o + 2 + at, <u8>((q - p) & 0xff));
      store<u16>(prevAt + at, <u16>q);
    }
  }
  store<f64>(rangeAt, lo);
  store<f64>(rangeAt, hi, 8);
  return clipped;
}

/** An 8-bit image's PNG rows (n × n at dataAt, north row first), each its filter byte 2 and its bytes minus those of the row above (png.ts indexedPngBytes). */
export function up8Rows(dataAt: usize, n: i32, outAt: usize): void {
  const stride = <usize>(n + 1);
  for (let r: i32 = 0; r < n; r++) {
    const src = dataAt + <usize>r * <usize>n;
    const o = outAt + <usize>r * stride;
    store<u8>(o, 2);
    if (r == 0) {
      memory.copy(o + 1, src, <usize>n);
      continue;
    }
    for (let c: i32 = 0; c < n; c++) store<u8>(o + 1 + <usize>c, load<u8>(src + <usize>c) - load<u8>(src - <usize>n + <usize>c));
  }
}

/**
 * One block's tokens of data[i …] (len bytes at dataAt), as deflate.ts zlibRle makes them: a
 * byte as itself, a run of 3 … 258 copies of the byte before as 256 + length; at most
 * BLOCK_TOKENS (u16 at tokensAt). The 286 literal/length frequencies (u32 at freqAt) are
 * counted afresh; lengthIndexAt: length → its symbol's index (u8, 259). Returns where the next
 * block starts; the token count goes to countAt (i32).
 */
export function tokens(dataAt: usize, len: i32, i: i32, tokensAt: usize, freqAt: usize, lengthIndexAt: usize, countAt: usize): i32 {
  memory.fill(freqAt, 0, 286 * 4);
  let t: i32 = 0;
  while (t < BLOCK_TOKENS && i < len) {
    const v = <u32>load<u8>(dataAt + <usize>i);
    if (i > 0 && v == <u32>load<u8>(dataAt + <usize>i - 1)) {
      let run: i32 = 1;
      const end = min(len, i + MAX_RUN);
      while (i + run < end && <u32>load<u8>(dataAt + <usize>(i + run)) == v) run++;
      if (run >= 3) {
        store<u16>(tokensAt + (<usize>t << 1), <u16>(256 + run));
        t++;
        const f = freqAt + ((<usize>(257 + <i32>load<u8>(lengthIndexAt + <usize>run))) << 2);
        store<u32>(f, load<u32>(f) + 1);
        i += run;
        continue;
      }
    }
    store<u16>(tokensAt + (<usize>t << 1), <u16>v);
    t++;
    const f = freqAt + (<usize>v << 2);
    store<u32>(f, load<u32>(f) + 1);
    i++;
  }
  store<i32>(countAt, t);
  return i;
}

/**
 * Writes `count` tokens' bit strings (u32 at packedAt per token value: bits | length << 24) LSB
 * first from byte `at` of outAt, `pending` bits waiting in `acc` (state at stateAt: i32 at,
 * u32 acc, i32 pending, read and written back), as deflate.ts writeBlock's loop does.
 */
export function bitStrings(tokensAt: usize, count: i32, packedAt: usize, outAt: usize, stateAt: usize): void {
  let at = <usize>load<i32>(stateAt);
  let acc = load<u32>(stateAt, 4);
  let pending = load<u32>(stateAt, 8);
  for (let i: i32 = 0; i < count; i++) {
    const e = load<u32>(packedAt + (<usize>load<u16>(tokensAt + (<usize>i << 1)) << 2));
    const n = e >>> 24;
    const bits = e & 0xffffff;
    if (n > 16) {
      acc |= (bits & 0xffff) << pending;
      store<u16>(outAt + at, <u16>acc);
      at += 2;
      acc = (acc >>> 16) | ((bits >>> 16) << pending);
      pending += n - 16;
    } else {
      acc |= bits << pending;
      pending += n;
    }
    // Stored every token, kept only when the two bytes were full (no branch to mispredict).
    store<u16>(outAt + at, <u16>acc);
    const full = pending >>> 4;
    at += <usize>(full << 1);
    acc >>>= full << 4;
    pending -= full << 4;
  }
  store<i32>(stateAt, <i32>at);
  store<u32>(stateAt, acc, 4);
  store<u32>(stateAt, pending, 8);
}

/** The Adler-32 of len bytes at dataAt (deflate.ts adler32). */
export function adler32(dataAt: usize, len: i32): u32 {
  let a: u32 = 1;
  let b: u32 = 0;
  let i: i32 = 0;
  while (i < len) {
    // 5552 bytes at most between reductions keep b under 2^32 (zlib's NMAX).
    const end = min(len, i + 5552);
    for (; i < end; i++) {
      a += <u32>load<u8>(dataAt + <usize>i);
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return (b << 16) | a;
}
