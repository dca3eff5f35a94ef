// A zlib stream for the build's PNG tiles: deflate with run-length matches only (each match
// repeats the byte before it, distance 1) and one dynamic Huffman code per block, as zlib's
// Z_RLE strategy does.
//
// Why not a general LZ77 deflate: a filtered height tile is noise in its low bytes, so
// matches are rare and the size is what an order-0 Huffman code gives (fflate's level 1 found
// 1.51 MB of a 2.10 MB tile, Huffman alone 1.55 MB, the same data after the Paeth filter
// 1.47 MB), while the match search took three quarters of a tile's encoding time. A biome map
// is long runs of one id, which the run-length matches take (15 KB a 1025² tile, fflate 21 KB).
// Integer arithmetic only: the same bytes on every machine and Node version, which keeps a tile
// rendered anywhere byte-identical to the same tile of any build. The per-byte loops (tokens,
// their bit strings, the Adler-32) run in WebAssembly (png.as.ts, the same operations as the
// JavaScript they replaced); the Huffman codes and block headers are made here.

import { FIRST_BYTE, lazyModule } from '../kernels/wasm/lazy-module.ts';
import { PNG_WASM_BASE64 } from './png-binary.ts';

/** Tokens a block at most: each block gets the Huffman code of its own symbols. */
const BLOCK_TOKENS = 1 << 16;
const MAX_RUN = 258;
const END_OF_BLOCK = 256;
/** Lengths 3 … 258: length code base and extra bits (RFC 1951 3.2.5). */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/** The order in which the code-length code's lengths are sent. */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Length 3 … 258 → its symbol's index 0 … 28 (symbol 257 + index). */
const LENGTH_INDEX = new Uint8Array(MAX_RUN + 1);
for (let k = 0; k < LENGTH_BASE.length; k++) {
  const end = k + 1 < LENGTH_BASE.length ? LENGTH_BASE[k + 1] : MAX_RUN + 1;
  for (let len = LENGTH_BASE[k]; len < end; len++) LENGTH_INDEX[len] = k;
}

/** LSB-first bit output into a byte buffer large enough for the whole stream (streamBound). */
class Bits {
  at = 0;
  acc = 0;
  count = 0;

  constructor(readonly bytes: Uint8Array) {}

  /** Writes the low `n` bits of `value` (n ≤ 16). */
  put(value: number, n: number): void {
    this.acc |= value << this.count;
    this.count += n;
    if (this.count >= 16) {
      if (this.at + 2 > this.bytes.length) throw new Error('deflate: the stream outgrew its bound');
      this.bytes[this.at++] = this.acc & 0xff;
      this.bytes[this.at++] = (this.acc >>> 8) & 0xff;
      this.acc >>>= 16;
      this.count -= 16;
    }
  }

  /** Pads to a whole byte. */
  align(): void {
    while (this.count > 0) {
      if (this.at + 1 > this.bytes.length) throw new Error('deflate: the stream outgrew its bound');
      this.bytes[this.at++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.count = Math.max(0, this.count - 8);
    }
    this.acc = 0;
  }
}

/**
 * Huffman code lengths of at most `limit` bits for the symbols' frequencies (zero: unused).
 * Ties are broken by symbol index, so the lengths depend on the frequencies alone. At least two
 * symbols get a length (the format wants at least one bit a code; callers see to two uses).
 */
export function codeLengths(freq: ArrayLike<number>, limit: number): Uint8Array {
  const n = freq.length;
  const lengths = new Uint8Array(n);
  // The used symbols by frequency, then by index: sorted as the numbers freq · n + symbol (exact
  // below 2^53), natively, instead of through a comparator (a third of the headers' time).
  const keys: number[] = [];
  for (let s = 0; s < n; s++) if (freq[s] > 0) keys.push(freq[s] * n + s);
  if (keys.length === 0) return lengths;
  const used = Float64Array.from(keys).sort().map((key) => key % n);
  if (used.length === 1) {
    lengths[used[0]] = 1;
    return lengths;
  }
  // Two-queue Huffman: leaves in frequency order, internal nodes in the order made (also sorted).
  const m = used.length;
  const weight = new Float64Array(2 * m);
  const parent = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) weight[k] = freq[used[k]];
  let leaf = 0;
  let inner = m;
  let made = m;
  const take = (): number => (leaf < m && (inner >= made || weight[leaf] <= weight[inner]) ? leaf++ : inner++);
  while (made < 2 * m - 1) {
    const a = take();
    const b = take();
    weight[made] = weight[a] + weight[b];
    parent[a] = made;
    parent[b] = made;
    made++;
  }
  // Depths: the root is the last node made; parents are made after their children.
  const depth = new Int32Array(2 * m);
  const count = new Int32Array(limit + 1);
  for (let k = 2 * m - 3; k >= 0; k--) {
    depth[k] = depth[parent[k]] + 1;
    if (k < m) count[Math.min(depth[k], limit)]++;
  }
  // Leaves deeper than the limit were put at the limit, which over-fills the code; miniz's
  // repair (tdefl_huffman_enforce_max_code_size) moves one code at a time to a longer length
  // until the lengths fill the code exactly (Kraft sum 1).
  let total = 0;
  for (let bits = limit; bits > 0; bits--) total += count[bits] << (limit - bits);
  while (total !== 1 << limit) {
    count[limit]--;
    for (let bits = limit - 1; bits > 0; bits--) {
      if (count[bits]) {
        count[bits]--;
        count[bits + 1] += 2;
        break;
      }
    }
    total--;
  }
  // The rarest symbols get the longest codes.
  let k = 0;
  for (let bits = limit; bits >= 1; bits--) for (let c = count[bits]; c > 0; c--) lengths[used[k++]] = bits;
  return lengths;
}

/** Canonical codes for the lengths, bit-reversed for LSB-first output. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) if (l) count[l]++;
  const next = new Uint16Array(16);
  let code = 0;
  for (let bits = 1; bits <= 15; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s];
    if (!l) continue;
    let c = next[l]++;
    let r = 0;
    for (let i = 0; i < l; i++) {
      r = (r << 1) | (c & 1);
      c >>>= 1;
    }
    codes[s] = r;
  }
  return codes;
}

/** Writes a dynamic block's header: the two codes' lengths, run-length coded with a code of their own. */
function writeCodes(out: Bits, lit: Uint8Array, dist: Uint8Array): void {
  let hlit = 286;
  while (hlit > 257 && lit[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && dist[hdist - 1] === 0) hdist--;
  const all = new Uint8Array(hlit + hdist);
  all.set(lit.subarray(0, hlit));
  all.set(dist.subarray(0, hdist), hlit);
  // (symbol, extra) pairs of the code-length alphabet: 0…15 a length, 16 repeat the last 3…6
  // times, 17 zeros 3…10, 18 zeros 11…138.
  const syms: number[] = [];
  const extras: number[] = [];
  for (let i = 0; i < all.length; ) {
    const l = all[i];
    let run = 1;
    while (i + run < all.length && all[i + run] === l) run++;
    i += run;
    if (l === 0) {
      while (run >= 11) {
        const r = Math.min(run, 138);
        syms.push(18);
        extras.push(r - 11);
        run -= r;
      }
      if (run >= 3) {
        syms.push(17);
        extras.push(run - 3);
        run = 0;
      }
    } else {
      syms.push(l);
      extras.push(0);
      run--;
      while (run >= 3) {
        const r = Math.min(run, 6);
        syms.push(16);
        extras.push(r - 3);
        run -= r;
      }
    }
    for (; run > 0; run--) {
      syms.push(l);
      extras.push(0);
    }
  }
  const freq = new Uint32Array(19);
  for (const s of syms) freq[s]++;
  // A decoder refuses an incomplete code-length code, and one symbol alone would be one.
  if (freq.filter((f) => f > 0).length < 2) freq[freq[0] ? 1 : 0]++;
  const clLengths = codeLengths(freq, 7);
  const clCodes = canonicalCodes(clLengths);
  let hclen = 19;
  while (hclen > 4 && clLengths[CL_ORDER[hclen - 1]] === 0) hclen--;
  out.put(hlit - 257, 5);
  out.put(hdist - 1, 5);
  out.put(hclen - 4, 4);
  for (let i = 0; i < hclen; i++) out.put(clLengths[CL_ORDER[i]], 3);
  for (let i = 0; i < syms.length; i++) {
    const s = syms[i];
    out.put(clCodes[s], clLengths[s]);
    if (s === 16) out.put(extras[i], 2);
    else if (s === 17) out.put(extras[i], 3);
    else if (s === 18) out.put(extras[i], 7);
  }
}

/**
 * One dynamic block of the `count` tokens at TOKENS_AT whose literal/length symbols were counted
 * in `litFreq` (changed here: the end-of-block symbol is added).
 */
function writeBlock(out: Bits, k: PngExports, outAt: number, count: number, litFreq: Uint32Array, last: boolean): void {
  litFreq[END_OF_BLOCK] = 1;
  // At least two codes in each tree, as zlib sends (a lone code still takes one bit).
  if (litFreq.filter((f) => f > 0).length < 2) litFreq[litFreq[0] ? 1 : 0]++;
  const distFreq = new Uint32Array(30);
  distFreq[0] = 1;
  distFreq[1] = 1;
  const lit = codeLengths(litFreq, 15);
  const dist = codeLengths(distFreq, 15);
  const litCodes = canonicalCodes(lit);
  out.put(last ? 1 : 0, 1);
  out.put(2, 2);
  writeCodes(out, lit, dist);
  // Each token's whole bit string, packed as bits | length << 24: a byte's code; a run's length
  // code, its extra bits and the distance code (every run is at distance 1: code 0, no extra).
  const distCode = canonicalCodes(dist)[0];
  const packed = new Uint32Array(k.memory.buffer, PACKED_AT, 256 + MAX_RUN + 1).fill(0);
  for (let v = 0; v < 256; v++) packed[v] = litCodes[v] | (lit[v] << 24);
  for (let len = 3; len <= MAX_RUN; len++) {
    const i = LENGTH_INDEX[len];
    const l = lit[257 + i];
    if (!l) continue;
    const bits = litCodes[257 + i] | ((len - LENGTH_BASE[i]) << l) | (distCode << (l + LENGTH_EXTRA[i]));
    packed[256 + len] = bits | ((l + LENGTH_EXTRA[i] + dist[0]) << 24);
  }
  // The hot loop, in the module: the bit writer's state goes there and back.
  const state = new Int32Array(k.memory.buffer, STATE_AT, 4);
  state[0] = out.at;
  state[1] = out.acc;
  state[2] = out.count;
  k.bitStrings(TOKENS_AT, count, PACKED_AT, outAt, STATE_AT);
  out.at = state[0];
  out.acc = state[1];
  out.count = state[2];
  out.put(litCodes[END_OF_BLOCK], lit[END_OF_BLOCK]);
}

interface PngExports {
  readonly memory: WebAssembly.Memory;
  grey16Rows(fieldAt: number, n: number, min: number, span: number, outAt: number, prevAt: number, rangeAt: number): number;
  up8Rows(dataAt: number, n: number, outAt: number): void;
  tokens(dataAt: number, len: number, i: number, tokensAt: number, freqAt: number, lengthIndexAt: number, countAt: number): number;
  bitStrings(tokensAt: number, count: number, packedAt: number, outAt: number, stateAt: number): void;
  adler32(dataAt: number, len: number): number;
}

const pngModule = lazyModule<PngExports>(PNG_WASM_BASE64, 'PNG encoder');

/** The compiled module's bytes. */
export const pngModuleBytes = pngModule.bytes;

/** Bytes the encoder's memory holds now (0 before first use and after releaseDeflateMemory). */
export const deflateMemoryBytes = pngModule.memoryBytes;

/**
 * Lets the encoder's memory go whatever it holds: a call keeps up to KEEP_BYTES for the next
 * tile, which an export worker between two exports should not (after 2049² tiles, tens of MB).
 */
export function releaseDeflateMemory(): void {
  pngModule.release(0);
}

/** The module's fixed scratch: the length index, the block's frequencies, its packed codes, the writer's state, its tokens. */
const LENGTH_INDEX_AT = FIRST_BYTE;
const FREQ_AT = LENGTH_INDEX_AT + 272;
const PACKED_AT = FREQ_AT + 4 * 288;
const STATE_AT = PACKED_AT + 4 * 528;
const TOKENS_AT = STATE_AT + 16;
const DATA_AT = TOKENS_AT + 2 * BLOCK_TOKENS;
/** The module's memory is let go after a call that grew it past this (a tile of 8129² takes 700 MB). */
const KEEP_BYTES = 256 * 1024 * 1024;

const up16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/**
 * The largest stream `len` bytes can make: a literal takes at most 15 bits and a run of three
 * or more at most 21, each block's header at most about 600 bytes, and zlib's own six.
 */
function streamBound(len: number): number {
  return 2 * len + 768 * (Math.ceil(len / BLOCK_TOKENS) + 1) + 64;
}

/**
 * A zlib stream (RFC 1950) of run-length deflate blocks (RFC 1951) of `len` bytes that `fill`
 * writes into the module's memory at dataAt; it may use `scratch` bytes from scratchAt. Returns
 * the stream, a view of the module's memory valid until the next call (copy it at once), and
 * what `fill` returned.
 */
export function zlibRleOf<T>(len: number, scratch: number, fill: (k: PngExports, dataAt: number, scratchAt: number) => T): { stream: Uint8Array; filled: T } {
  const k = pngModule.exports();
  const scratchAt = up16(DATA_AT + len);
  const outAt = up16(scratchAt + scratch);
  const cap = streamBound(len);
  pngModule.reserve(k, outAt + cap);
  new Uint8Array(k.memory.buffer, LENGTH_INDEX_AT, LENGTH_INDEX.length).set(LENGTH_INDEX);
  const filled = fill(k, DATA_AT, scratchAt);
  const out = new Bits(new Uint8Array(k.memory.buffer, outAt, cap));
  out.put(0x78, 8);
  out.put(0x01, 8);
  // Tokens, a block at a time: a byte as itself, a run of 3 … 258 copies of the byte before as
  // 256 + length; the block's symbols are counted as they come.
  const freq = new Uint32Array(k.memory.buffer, FREQ_AT, 286);
  const state = new Int32Array(k.memory.buffer, STATE_AT, 4);
  let i = 0;
  do {
    i = k.tokens(DATA_AT, len, i, TOKENS_AT, FREQ_AT, LENGTH_INDEX_AT, STATE_AT + 12);
    writeBlock(out, k, outAt, state[3], freq, i >= len);
  } while (i < len);
  out.align();
  if (out.at + 4 > cap) throw new Error('deflate: the stream outgrew its bound');
  new DataView(k.memory.buffer, outAt).setUint32(out.at, k.adler32(DATA_AT, len) >>> 0);
  const stream = new Uint8Array(k.memory.buffer, outAt, out.at + 4);
  pngModule.release(KEEP_BYTES);
  return { stream, filled };
}

/** `data` as a zlib stream (RFC 1950) of run-length deflate blocks (RFC 1951). */
export function zlibRle(data: Uint8Array): Uint8Array {
  return zlibRleOf(data.length, 0, (k, at) => new Uint8Array(k.memory.buffer, at, data.length).set(data)).stream.slice();
}
