// Splat maps: a biome map's weights as RGBA PNGs, four biomes per picture, plus the list of
// which biome sits in which channel — the layers Unreal and Unity read to paint terrain
// materials. Pure: the command line and the editor's exports write the same bytes.

import { BIOMES } from '../model/biomes.ts';
import { type BiomeValue, SOFT_SLOTS } from '../model/values.ts';
import type { ExportFile } from './exports.ts';
import { rgbaPng } from './png.ts';

const CHANNELS = ['r', 'g', 'b', 'a'] as const;

export interface SplatChannel {
  readonly file: string;
  readonly channel: (typeof CHANNELS)[number];
  readonly id: number;
  readonly biome: string;
}

/** The biome ids with any weight on the map, ascending: the splat maps' channels in order. */
export function splatBiomes(value: BiomeValue): number[] {
  const seen = new Uint8Array(256);
  if (value.soft) {
    const { ids, weights } = value.soft;
    for (let s = 0; s < weights.length; s++) if (weights[s] > 0) seen[ids[s]] = 1;
  } else {
    for (let i = 0; i < value.data.length; i++) seen[value.data[i]] = 1;
  }
  const out: number[] = [];
  for (let id = 0; id < 256; id++) if (seen[id]) out.push(id);
  return out;
}

/**
 * Each cell's weight of each biome of `biomes` (ids, one plane each, in that order) in 255ths,
 * rows north first: plane k, pixel (n − 1 − r) · n + c is biome biomes[k]'s share of cell
 * r · n + c. A cell's bytes over all planes sum to exactly 255. A cell weighing a biome that
 * `biomes` does not list is an error naming it: its weight would be lost.
 */
export function splatPlanes(value: BiomeValue, n: number, biomes: readonly number[]): Uint8Array[] {
  const cells = n * n;
  if (value.data.length !== cells) throw new Error(`splat maps: the biome map holds ${value.data.length} cells, expected ${cells}`);
  const channelOf = new Int16Array(256).fill(-1);
  biomes.forEach((id, k) => (channelOf[id] = k));
  const missing = splatBiomes(value).find((id) => channelOf[id] < 0);
  if (missing !== undefined) {
    throw new Error(`splat maps: the map holds ${BIOMES[missing]?.name ?? `biome ${missing}`} (id ${missing}), which has no channel among ${biomes.length} biomes (${biomes.join(', ')})`);
  }
  const planes = biomes.map(() => new Uint8Array(cells));
  const { data, soft } = value;
  // What the floors left of each slot's 255ths; a scratch, so no cell allocates.
  const rest = new Float64Array(SOFT_SLOTS);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const p = (n - 1 - r) * n + c; // north row first, like every picture we write
      if (!soft) {
        planes[channelOf[data[i]]][p] = 255;
        continue;
      }
      // The planes start at 0, so only a cell's (at most SOFT_SLOTS) biomes are written.
      const { ids, weights } = soft;
      const base = i * SOFT_SLOTS;
      let given = 0;
      for (let s = 0; s < SOFT_SLOTS; s++) {
        const w = weights[base + s];
        if (!(w > 0)) continue;
        const units = Math.floor(w * 255);
        planes[channelOf[ids[base + s]]][p] += units;
        given += units;
        rest[s] = w * 255 - units;
      }
      // Hand out what the floors left over, one unit each to the largest remainders (slot order on ties).
      for (let spare = 255 - given; spare > 0; spare--) {
        let best = -1;
        for (let s = 0; s < SOFT_SLOTS; s++) if (weights[base + s] > 0 && (best < 0 || rest[s] > rest[best])) best = s;
        if (best < 0) break;
        planes[channelOf[ids[base + best]]][p]++;
        rest[best] = -1;
      }
    }
  }
  return planes;
}

/** Planes (splatPlanes) four to a picture as R, G, B and A, north row first; the last picture's unused channels 0. */
export function splatPictures(planes: readonly Uint8Array[], cells: number): Uint8ClampedArray[] {
  const pictures = Math.max(1, Math.ceil(planes.length / 4));
  const rgba = Array.from({ length: pictures }, () => new Uint8ClampedArray(cells * 4));
  planes.forEach((plane, k) => {
    const out = rgba[k >> 2];
    const ch = k & 3;
    for (let p = 0; p < cells; p++) out[4 * p + ch] = plane[p];
  });
  return rgba;
}

/** The channel of the k-th biome of a splat legend: picture k >> 2, channel r, g, b or a. */
export function splatChannel(k: number): { readonly picture: number; readonly channel: (typeof CHANNELS)[number] } {
  return { picture: k >> 2, channel: CHANNELS[k & 3] };
}

/**
 * The splat maps of a biome map: `stem.splat<k>.png` holding biomes 4k … 4k + 3 of
 * splatBiomes() in R, G, B and A (north row first; a cell's bytes over all maps sum to 255),
 * and `stem.splat.json` naming each channel's biome.
 */
export function splatFiles(value: BiomeValue, n: number, stem: string): ExportFile[] {
  const biomes = splatBiomes(value);
  const rgba = splatPictures(splatPlanes(value, n, biomes), n * n);
  const names = rgba.map((_, k) => `${stem}.splat${k}.png`);
  const channels: SplatChannel[] = biomes.map((id, k) => ({ file: names[k >> 2], channel: CHANNELS[k & 3], id, biome: BIOMES[id]?.name ?? `biome ${id}` }));
  const list = { format: 'terrain-graph splat maps', n, rowOrder: 'north row first', sum: 255, channels };
  return [
    ...rgba.map((pixels, k) => ({ name: names[k], bytes: rgbaPng(pixels, n, n), mime: 'image/png' })),
    { name: `${stem}.splat.json`, bytes: new TextEncoder().encode(`${JSON.stringify(list, null, 2)}\n`), mime: 'application/json' },
  ];
}
