// PNG files of layers: RGBA previews, 16-bit greyscale fields and indexed biome maps.
// fast-png encodes in Node and in the browser alike, 16-bit and palettes included.

import { encode } from 'fast-png';
import { BIOMES } from '../model/biomes.ts';
import { finiteRange } from './layer.ts';

export function rgbaPng(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  return encode({ width, height, data: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), channels: 4, depth: 8 });
}

export interface Grey16 {
  readonly png: Uint8Array;
  /** The field values mapped to 0 and 65535. */
  readonly min: number;
  readonly max: number;
}

/**
 * A 16-bit greyscale PNG of a field, north up: 0 is the field's finite minimum and 65535 its
 * maximum (+∞ clips to 65535). The range is also written into the file's text chunks, and for
 * a terrain its sea level, as a height and as the 16-bit value it falls at, where a game
 * engine's water plane goes.
 */
export function grey16Png(field: Float32Array, n: number, seaLevel?: number): Grey16 {
  const [min, max] = finiteRange(field);
  const span = max > min ? max - min : 1;
  const data = new Uint16Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = field[r * n + c];
      const t = Number.isNaN(v) ? 0 : Math.min(1, Math.max(0, (v - min) / span));
      data[(n - 1 - r) * n + c] = Math.round(t * 65535);
    }
  }
  const png = encode({
    width: n,
    height: n,
    data,
    channels: 1,
    depth: 16,
    text: {
      'terrain-graph:min': String(min),
      'terrain-graph:max': String(max),
      ...(seaLevel === undefined ? {} : { 'terrain-graph:sea-level': String(seaLevel), 'terrain-graph:sea-level-16': String(Math.round(Math.min(1, Math.max(0, (seaLevel - min) / span)) * 65535)) }),
    },
  });
  return { png, min, max };
}

/** A biome map as an indexed image, north up: pixel value = biome id, palette = biome colours, legend in texts. */
export function biomeIndexed(ids: Uint8Array, n: number): { data: Uint8Array; palette: number[][]; text: Record<string, string> } {
  const data = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) data.set(ids.subarray(r * n, r * n + n), (n - 1 - r) * n);
  const text = Object.fromEntries(BIOMES.map((b) => [`biome:${b.id}`, b.name]));
  return { data, palette: BIOMES.map((b) => [...b.color]), text };
}

/** An indexed PNG of a biome map (see biomeIndexed). */
export function biomePng(ids: Uint8Array, n: number): Uint8Array {
  const { data, palette, text } = biomeIndexed(ids, n);
  return encode({ width: n, height: n, data, channels: 1, depth: 8, palette, text });
}
