// The checksums a build writes (the PNG chunks' CRC-32, the manifests' SHA-256), in Node and in
// a browser worker alike: a checksum has one answer, so a tile zipped by the editor's Export →
// Tiles names the same sha256 as the same tile written by `terrain-graph build`.
//
// In Node we use Node's own (zlib.crc32, crypto's sha256), reached through
// process.getBuiltinModule (Node 20.16 on), not an import: a static `import 'node:zlib'` would
// not load in the browser's worker. The JavaScript below is what runs there; tests/build-zip.test.ts
// pins that both give the same answers. I did not make the browser hash with crypto.subtle: it
// is asynchronous, and a tile's manifest is written in the same synchronous pass as its files.

interface NodeBuiltins {
  getBuiltinModule?(id: string): unknown;
}

const nodeProcess = (globalThis as { process?: NodeBuiltins }).process;
const nodeZlib = nodeProcess?.getBuiltinModule?.('node:zlib') as { crc32?: (data: Uint8Array, value?: number) => number } | undefined;
const nodeCrypto = nodeProcess?.getBuiltinModule?.('node:crypto') as
  | { createHash(algorithm: string): { update(data: Uint8Array | string): { digest(encoding: 'hex'): string } } }
  | undefined;

/** Slicing-by-8 tables of the reflected CRC-32 polynomial (zip's and PNG's). */
const CRC_TABLES = (() => {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) for (let s = 1; s < 8; s++) t[s * 256 + n] = (t[(s - 1) * 256 + n] >>> 8) ^ t[t[(s - 1) * 256 + n] & 0xff];
  return t;
})();

/** CRC-32 in JavaScript, eight bytes a step (a 2 MB tile in a few ms, where a byte a step took 16). */
export function crc32Js(bytes: Uint8Array): number {
  const t = CRC_TABLES;
  let c = 0xffffffff;
  let i = 0;
  const end8 = bytes.length - (bytes.length % 8);
  for (; i < end8; i += 8) {
    const a = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    c =
      t[7 * 256 + (a & 0xff)] ^
      t[6 * 256 + ((a >>> 8) & 0xff)] ^
      t[5 * 256 + ((a >>> 16) & 0xff)] ^
      t[4 * 256 + (a >>> 24)] ^
      t[3 * 256 + bytes[i + 4]] ^
      t[2 * 256 + bytes[i + 5]] ^
      t[256 + bytes[i + 6]] ^
      t[bytes[i + 7]];
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** CRC-32 (zip, PNG, zlib) of bytes, unsigned. */
export function crc32(bytes: Uint8Array): number {
  return nodeZlib?.crc32 ? nodeZlib.crc32(bytes) >>> 0 : crc32Js(bytes);
}

const K = Uint32Array.of(
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

/** SHA-256 in JavaScript (FIPS 180-4), as lowercase hex. */
export function sha256Js(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const h = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);
  const w = new Uint32Array(64);
  // The message, a 1 bit, zeros, and its length in bits as 64-bit big-endian, in 64-byte blocks.
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const tail = new Uint8Array(128);
  const tailStart = (blocks - (bytes.length % 64 >= 56 ? 2 : 1)) * 64;
  tail.set(bytes.subarray(tailStart));
  tail[bytes.length - tailStart] = 0x80;
  const tailView = new DataView(tail.buffer);
  const bits = bytes.length * 8;
  const lenAt = (blocks - 1) * 64 - tailStart + 56;
  tailView.setUint32(lenAt, Math.floor(bits / 2 ** 32));
  tailView.setUint32(lenAt + 4, bits >>> 0);
  const byteAt = (i: number) => (i < tailStart ? bytes[i] : tail[i - tailStart]);
  for (let b = 0; b < blocks; b++) {
    const o = b * 64;
    for (let i = 0; i < 16; i++) {
      const at = o + 4 * i;
      w[i] = o + 64 <= tailStart ? (bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3] : (byteAt(at) << 24) | (byteAt(at + 1) << 16) | (byteAt(at + 2) << 8) | byteAt(at + 3);
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15];
      const y = w[i - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, bb, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i] + w[i]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    h[0] += a;
    h[1] += bb;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  return Array.from(h, (v) => v.toString(16).padStart(8, '0')).join('');
}

/** SHA-256 of bytes or of a string's UTF-8, as lowercase hex. */
export function sha256(input: Uint8Array | string): string {
  return nodeCrypto ? nodeCrypto.createHash('sha256').update(input).digest('hex') : sha256Js(input);
}
