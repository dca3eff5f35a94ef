// The PNG files of a build: 16-bit greyscale heights and indexed biome maps, each row filtered
// by "Up" (the difference from the row above) and deflated by fflate at level 1.
//
// fast-png (what previews use) writes every row unfiltered and deflates at level 3: a 1025²
// 16-bit tile took 275 ms and 1.86 MB. A smooth field differs little from the row above, so
// the Up filter leaves mostly small bytes that deflate finds fast: 130 ms and 1.36 MB, measured
// in one process under load 10 (min of 6). fflate is plain JavaScript, so the bytes are the
// same on every machine and Node version (Node's zlib may pick other matches on another CPU),
// which keeps a tile rendered anywhere byte-identical to the same tile of any other build.

import { zlibSync } from 'fflate';

/** The standard PNG CRC-32 table. */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function latin1(text: string): Uint8Array {
  if (!/^[\u0001-\u00ff]*$/.test(text)) throw new Error(`a PNG text must be Latin-1 without NUL: ${JSON.stringify(text)}`);
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

function textChunk(keyword: string, text: string): Uint8Array {
  if (keyword.length < 1 || keyword.length > 79) throw new Error(`a PNG text keyword must be 1 to 79 characters: ${JSON.stringify(keyword)}`);
  const k = latin1(keyword);
  const t = latin1(text);
  const data = new Uint8Array(k.length + 1 + t.length);
  data.set(k);
  data.set(t, k.length + 1);
  return chunk('tEXt', data);
}

const SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

interface PngParts {
  readonly width: number;
  readonly height: number;
  readonly depth: 8 | 16;
  /** 0: greyscale, 3: indexed. */
  readonly colorType: 0 | 3;
  /** The rows, already laid out as PNG bytes (big-endian samples), `stride` bytes each. */
  readonly raw: Uint8Array;
  readonly palette?: readonly (readonly number[])[];
  readonly text?: Readonly<Record<string, string>>;
}

function assemble(p: PngParts): Uint8Array {
  const stride = (p.width * p.depth) / 8;
  // Each row: filter type 2 (Up), then each byte minus the byte above it (the first row's "above" is 0).
  const filtered = new Uint8Array((stride + 1) * p.height);
  for (let r = 0; r < p.height; r++) {
    const o = r * (stride + 1);
    const row = r * stride;
    filtered[o] = 2;
    if (r === 0) filtered.set(p.raw.subarray(0, stride), o + 1);
    else for (let i = 0; i < stride; i++) filtered[o + 1 + i] = p.raw[row + i] - p.raw[row - stride + i];
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, p.width);
  view.setUint32(4, p.height);
  ihdr[8] = p.depth;
  ihdr[9] = p.colorType;
  const parts = [SIGNATURE, chunk('IHDR', ihdr)];
  if (p.palette) parts.push(chunk('PLTE', Uint8Array.from(p.palette.flatMap((c) => [c[0], c[1], c[2]]))));
  for (const [k, v] of Object.entries(p.text ?? {})) parts.push(textChunk(k, v));
  parts.push(chunk('IDAT', zlibSync(filtered, { level: 1 })), chunk('IEND', new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((s, a) => s + a.length, 0));
  let at = 0;
  for (const a of parts) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** A 16-bit greyscale PNG of samples already in image order (first row at the top). */
export function grey16PngBytes(data: Uint16Array, n: number, text: Readonly<Record<string, string>>): Uint8Array {
  const raw = new Uint8Array(2 * n * n);
  for (let i = 0; i < data.length; i++) {
    raw[2 * i] = data[i] >>> 8;
    raw[2 * i + 1] = data[i] & 0xff;
  }
  return assemble({ width: n, height: n, depth: 16, colorType: 0, raw, text });
}

/** An 8-bit indexed PNG of pixels already in image order, with its palette. */
export function indexedPngBytes(data: Uint8Array, n: number, palette: readonly (readonly number[])[], text: Readonly<Record<string, string>>): Uint8Array {
  return assemble({ width: n, height: n, depth: 8, colorType: 3, raw: data, palette, text });
}
