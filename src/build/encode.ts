// The bytes of one tile of one layer in a build format. 16-bit formats map the build's one
// value range (not the tile's own) to 0…65535, so neighbouring tiles meet without a step.

import { BIOMES } from '../model/biomes.ts';
import type { BiomeValue, PortType, Value } from '../model/values.ts';
import { layerPicture } from '../render/exports.ts';
import { biomeIndexed, rgbaPng } from '../render/png.ts';
import { splatChannel, splatPictures, splatPlanes } from '../render/splat.ts';
import { type BuildFormat, formatParts, SPLAT_BIOMES } from './plan.ts';
import { grey16FieldPngBytes, grey8PngBytes, indexedPngBytes, rgbaPngBytes } from './png.ts';

export interface ValueRange {
  readonly min: number;
  readonly max: number;
}

export interface Encoded {
  readonly bytes: Uint8Array;
  /** Cells outside the range, written as 0 or 65535 (16-bit formats only). */
  readonly clipped: number;
  /** The field's own finite range when the encoding found it on the way (png16), null when it has no finite value. */
  readonly own?: { readonly min: number; readonly max: number } | null;
}

/** Does this format apply to a layer of this port type? Heights and fields: png16, r16, f32; biomes: indexed, splat, weights; png to both. */
export function formatApplies(type: PortType, format: BuildFormat): boolean {
  if (format === 'indexed' || format === 'splat' || format === 'weights') return type === 'biome';
  if (format === 'png') return true;
  return type !== 'biome';
}

/** Does the format need a value range? */
export function formatNeedsRange(format: BuildFormat): boolean {
  return format === 'png16' || format === 'r16';
}

/**
 * The field quantised to 16 bits over `range`, rows in the order asked: north first (images,
 * Unreal) or south first (Unity's .raw, whose first row is the terrain's z = 0 edge).
 */
export function quantize16(field: Float32Array, n: number, range: ValueRange, northFirst: boolean): { data: Uint16Array; clipped: number } {
  const span = range.max > range.min ? range.max - range.min : 1;
  const data = new Uint16Array(n * n);
  let clipped = 0;
  for (let r = 0; r < n; r++) {
    const out = (northFirst ? n - 1 - r : r) * n;
    for (let c = 0; c < n; c++) {
      const v = field[r * n + c];
      let t = (v - range.min) / span;
      if (!(t >= 0)) {
        // NaN and values under the range both land on 0; only real values count as clipped.
        if (t < 0) clipped++;
        t = 0;
      } else if (t > 1) {
        clipped++;
        t = 1;
      }
      // Math.round without its branch: for x ≥ 0, floor(x) plus one when the (exact) fraction is
      // at least ½. The same integers; the branch, taken half the time at random on a height
      // field, was mispredicted so often that quantising took 14 ms a 1025² tile, now 5.
      const x = t * 65535;
      const whole = Math.floor(x);
      data[out + c] = whole + +(x - whole >= 0.5);
    }
  }
  return { data, clipped };
}

/**
 * The files of a layer in `format`, one per formatParts(format) in that order: a splat map per
 * four biomes of SPLAT_BIOMES (R, G, B, A; the last picture's spare channels 0), a weight map
 * per biome, one file for the other formats. `range` is required by png16 and r16.
 */
export function encodeTileFiles(value: Value, n: number, format: BuildFormat, range: ValueRange | null, land?: Uint8Array | null): Encoded[] {
  if (format !== 'splat' && format !== 'weights') return [encodeTile(value, n, format, range, land)];
  if (!formatApplies(value.type, format)) throw new Error(`${format} does not apply to a ${value.type} layer`);
  // The same weights in 255ths as `render --splat` (src/render/splat.ts), over every biome, so a
  // tile's channel is the same biome's on every tile of every build.
  const planes = splatPlanes(value as BiomeValue, n, SPLAT_BIOMES);
  if (format === 'weights') {
    return planes.map((plane, k) => ({ bytes: grey8PngBytes(plane, n, { 'terrain-graph:biome': BIOMES[SPLAT_BIOMES[k]].name }), clipped: 0 }));
  }
  const pictures = splatPictures(planes, n * n);
  return formatParts(format).map((k) => {
    const text: Record<string, string> = {};
    for (let c = 4 * k!; c < Math.min(4 * k! + 4, SPLAT_BIOMES.length); c++) text[`terrain-graph:${splatChannel(c).channel}`] = BIOMES[SPLAT_BIOMES[c]].name;
    return { bytes: rgbaPngBytes(pictures[k!], n, text), clipped: 0 };
  });
}

/**
 * The layer's bytes in `format`, a format of one file a tile; `range` is required by png16 and r16.
 * `land` (1 on land, 0 on the sea: src/engine/sea.ts seaUnder) is the sea a png paints under a
 * flow's lakes or rivers, as the map and the other picture exports do (layerPicture).
 */
export function encodeTile(value: Value, n: number, format: BuildFormat, range: ValueRange | null, land?: Uint8Array | null): Encoded {
  if (!formatApplies(value.type, format)) throw new Error(`${format} does not apply to a ${value.type} layer`);
  switch (format) {
    case 'png16': {
      // quantize16 then grey16PngBytes, in one pass in WebAssembly: the same bytes.
      const r = range!;
      const text = { 'terrain-graph:min': String(r.min), 'terrain-graph:max': String(r.max) };
      return grey16FieldPngBytes(value.data as Float32Array, n, r.min, r.max > r.min ? r.max - r.min : 1, text);
    }
    case 'r16': {
      const { data, clipped } = quantize16(value.data as Float32Array, n, range!, false);
      const bytes = new Uint8Array(n * n * 2);
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < data.length; i++) view.setUint16(2 * i, data[i], true);
      return { bytes, clipped };
    }
    case 'f32': {
      // Row 0 south, as `render --raw` writes; Float32Array bytes are little-endian here.
      const d = value.data;
      return { bytes: new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice(), clipped: 0 };
    }
    case 'png':
      return { bytes: rgbaPng(layerPicture(value, n, {}, land), n, n), clipped: 0 };
    case 'indexed': {
      const { data, palette, text } = biomeIndexed(value.data as Uint8Array, n);
      return { bytes: indexedPngBytes(data, n, palette, text), clipped: 0 };
    }
    case 'splat':
    case 'weights':
      throw new Error(`${format} writes several files a tile: encode it with encodeTileFiles`);
  }
}
