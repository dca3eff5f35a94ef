// The PNG files of a build: 16-bit greyscale heights and indexed biome maps, each row filtered
// by "Up" (the difference from the row above) and deflated by our own run-length deflate
// (deflate.ts).
//
// fast-png (what previews use) writes every row unfiltered and deflates at level 3: a 1025²
// 16-bit tile took 275 ms and 1.86 MB. A smooth field differs little from the row above, so
// the Up filter leaves mostly small bytes. fflate's level 1 deflate of them took 61–120 ms a
// tile for 1.51 MB; the run-length deflate takes 24 ms for 1.55 MB (same process, load 2), and
// makes biome maps smaller (15 KB against 21 KB). Plain JavaScript, so the bytes are the same
// on every machine and Node version (Node's zlib may pick other matches on another CPU), which
// keeps a tile rendered anywhere byte-identical to the same tile of any other build.
// The chunks' CRC-32 is Node's (zlib.crc32) in Node, and eight bytes a step in JavaScript in the
// browser (digest.ts): a checksum has one answer, and the JS byte-table loop took 16 ms a tile,
// as long as quantising it.

import { crc32 } from './digest.ts';
import { zlibRle, zlibRleOf } from './deflate.ts';

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)) >>> 0);
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

/**
 * How the PNG tiles are encoded, in the build's settings (and so its manifest): a tile written
 * by another encoder has other bytes for the same pixels, so a resumed build renders it again
 * rather than mix encoders in one build.
 */
export const PNG_ENCODING = 'rows filtered Up, run-length deflate with dynamic Huffman blocks';

const SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

interface PngParts {
  readonly width: number;
  readonly height: number;
  readonly depth: 8 | 16;
  /** 0: greyscale, 3: indexed, 6: RGBA. */
  readonly colorType: 0 | 3 | 6;
  /** The zlib stream of the rows, each its filter byte (2, Up) and its bytes minus those of the row above (a view of the encoder's memory, read at once). */
  readonly stream: Uint8Array;
  readonly palette?: readonly (readonly number[])[];
  readonly text?: Readonly<Record<string, string>>;
}

function assemble(p: PngParts): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, p.width);
  view.setUint32(4, p.height);
  ihdr[8] = p.depth;
  ihdr[9] = p.colorType;
  const parts = [SIGNATURE, chunk('IHDR', ihdr)];
  if (p.palette) parts.push(chunk('PLTE', Uint8Array.from(p.palette.flatMap((c) => [c[0], c[1], c[2]]))));
  for (const [k, v] of Object.entries(p.text ?? {})) parts.push(textChunk(k, v));
  const iend = chunk('IEND', new Uint8Array(0));
  // The IDAT chunk is written in place: the stream is copied once, into the file's bytes (it
  // may be a view of the encoder's memory), and its CRC runs on from that of the chunk's type.
  const head = parts.reduce((s, a) => s + a.length, 0);
  const len = p.stream.length;
  const out = new Uint8Array(head + 12 + len + iend.length);
  let at = 0;
  for (const a of parts) {
    out.set(a, at);
    at += a.length;
  }
  const idat = new DataView(out.buffer, at);
  idat.setUint32(0, len);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = 'IDAT'.charCodeAt(i);
  out.set(p.stream, at + 8);
  idat.setUint32(8 + len, crc32(out.subarray(at + 4, at + 8 + len)) >>> 0);
  out.set(iend, at + 12 + len);
  return out;
}

/**
 * A 16-bit greyscale PNG of samples already in image order (first row at the top). Each row is
 * written filtered: big-endian bytes minus those of the row above (the first row's "above" is 0).
 */
export function grey16PngBytes(data: Uint16Array, n: number, text: Readonly<Record<string, string>>): Uint8Array {
  const filtered = new Uint8Array((2 * n + 1) * n);
  for (let r = 0; r < n; r++) {
    const o = r * (2 * n + 1) + 1;
    const row = r * n;
    filtered[o - 1] = 2;
    if (r === 0) {
      for (let c = 0; c < n; c++) {
        const v = data[c];
        filtered[o + 2 * c] = v >>> 8;
        filtered[o + 2 * c + 1] = v & 0xff;
      }
      continue;
    }
    for (let c = 0; c < n; c++) {
      const v = data[row + c];
      const u = data[row - n + c];
      filtered[o + 2 * c] = ((v >>> 8) - (u >>> 8)) & 0xff;
      filtered[o + 2 * c + 1] = (v - u) & 0xff;
    }
  }
  return assemble({ width: n, height: n, depth: 16, colorType: 0, stream: zlibRle(filtered), text });
}

/** An 8-bit indexed PNG of pixels already in image order, with its palette. Rows filtered as above. */
export function indexedPngBytes(data: Uint8Array, n: number, palette: readonly (readonly number[])[], text: Readonly<Record<string, string>>): Uint8Array {
  const { stream } = zlibRleOf((n + 1) * n, n * n, (k, rowsAt, scratchAt) => {
    new Uint8Array(k.memory.buffer, scratchAt, n * n).set(data.subarray(0, n * n));
    k.up8Rows(scratchAt, n, rowsAt);
  });
  return assemble({ width: n, height: n, depth: 8, colorType: 3, stream, palette, text });
}

/** An 8-bit greyscale PNG of pixels already in image order (a splat weight map). Rows filtered as above. */
export function grey8PngBytes(data: Uint8Array, n: number, text: Readonly<Record<string, string>>): Uint8Array {
  const { stream } = zlibRleOf((n + 1) * n, n * n, (k, rowsAt, scratchAt) => {
    new Uint8Array(k.memory.buffer, scratchAt, n * n).set(data.subarray(0, n * n));
    k.up8Rows(scratchAt, n, rowsAt);
  });
  return assemble({ width: n, height: n, depth: 8, colorType: 0, stream, text });
}

/**
 * An 8-bit RGBA PNG of pixels already in image order (splat maps: four weights a pixel). Each
 * row filtered Up as above, in JavaScript: up8Rows takes rows of n bytes, these are 4n.
 */
export function rgbaPngBytes(rgba: Uint8Array | Uint8ClampedArray, n: number, text: Readonly<Record<string, string>>): Uint8Array {
  const w = 4 * n;
  if (rgba.length !== w * n) throw new Error(`an RGBA picture of ${n}² holds ${w * n} bytes, got ${rgba.length}`);
  const filtered = new Uint8Array((w + 1) * n);
  for (let r = 0; r < n; r++) {
    const o = r * (w + 1);
    filtered[o] = 2;
    const row = r * w;
    if (r === 0) filtered.set(rgba.subarray(0, w), 1);
    else for (let c = 0; c < w; c++) filtered[o + 1 + c] = (rgba[row + c] - rgba[row - w + c]) & 0xff;
  }
  return assemble({ width: n, height: n, depth: 8, colorType: 6, stream: zlibRle(filtered), text });
}

/**
 * A height tile's 16-bit greyscale PNG straight from its south-first Float32 field: quantised
 * over [min, min + span] as encode.ts quantize16 does and filtered as grey16PngBytes does, both
 * in the module's memory (png.as.ts), so the same bytes without the two passes in JavaScript.
 * Returns the PNG, the cells clipped and the field's own finite range (finiteMinMax's in src/render/layer.ts,
 * found in the same pass; null when it has no finite value).
 */
export function grey16FieldPngBytes(
  field: Float32Array,
  n: number,
  min: number,
  span: number,
  text: Readonly<Record<string, string>>,
): { bytes: Uint8Array; clipped: number; own: { min: number; max: number } | null } {
  const { stream, filled } = zlibRleOf((2 * n + 1) * n, 16 + 4 * n * n + 2 * n, (k, rowsAt, scratchAt) => {
    new Float32Array(k.memory.buffer, scratchAt + 16, n * n).set(field);
    const clipped = k.grey16Rows(scratchAt + 16, n, min, span, rowsAt, scratchAt + 16 + 4 * n * n, scratchAt);
    const [lo, hi] = new Float64Array(k.memory.buffer, scratchAt, 2);
    return { clipped, own: lo <= hi ? { min: lo, max: hi } : null };
  });
  return { bytes: assemble({ width: n, height: n, depth: 16, colorType: 0, stream, text }), ...filled };
}
