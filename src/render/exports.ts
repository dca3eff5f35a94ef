// The files a layer is exported as, named the same way by the command line and the editor: a
// PNG in the layer's palette, a 16-bit greyscale PNG and a raw Float32 grid of a field (with
// the value range in the file name), a raw or indexed map of biome ids, the land as a glTF mesh
// draped with the layer's picture. Pure: Node or worker.

import type { BiomeValue, PortType, Value } from '../model/values.ts';
import { finiteRange, type LayerStyle, renderLayer } from './layer.ts';
import { type MeshOptions, terrainGlb } from './land-mesh.ts';
import { biomePng, grey16Png, rgbaPng } from './png.ts';
import { drawSeaUnder } from './drainage.ts';
import { drawWater, type WaterLayer } from './rivers.ts';
import type { HeightSource } from './relief.ts';
import { splatFiles } from './splat.ts';
import { zipStored } from './zip.ts';

/**
 * png: the layer in its palette, as the viewer draws it; png16: 16-bit grey, 0 the field's
 * minimum and 65535 its maximum; raw: little-endian Float32 (.f32), or biome ids (.u8);
 * indexed: an indexed PNG of a biome map (pixel value = biome id, names in its text chunks);
 * splat: a biome map's splat maps and their channel list (src/render/splat.ts) in one zip;
 * glb: the land under the layer as a glTF 2.0 binary mesh in metres, the PNG as its colour
 * (src/render/land-mesh.ts).
 */
export type ExportFormat = 'png' | 'png16' | 'raw' | 'indexed' | 'splat' | 'glb';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['png', 'png16', 'raw', 'indexed', 'splat', 'glb'];

/** Formats that are the picture as seen, rivers and lakes drawn over it when they are on: the PNG and the mesh's drape. */
export function exportDrawsWater(format: ExportFormat): boolean {
  return format === 'png' || format === 'glb';
}

/** What a mesh export stands on: the heights under the layer (heightSource) and the metres. */
export interface MeshExport {
  /** Null when nothing under the layer holds heights (a biome map whose land was cut off). */
  readonly land: HeightSource | null;
  readonly options: MeshOptions;
}

export interface ExportFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly mime: string;
  /** The value range written into the name (fields: png16 and raw). */
  readonly min?: number;
  readonly max?: number;
}

/**
 * The shortest decimal text that reads back as the same Float32 value. Field values are
 * Float32, so a range written this way in a file name is exact and still short
 * ("0.0123", not "0.012299999594688416").
 */
export function f32Text(v: number): string {
  if (v === 0) return '0';
  const f = Math.fround(v);
  for (let p = 1; p < 17; p++) {
    const s = String(Number(f.toPrecision(p)));
    if (Math.fround(Number(s)) === f) return s;
  }
  return String(f);
}

/** "min_max" of a field's finite values, as f32Text writes them. */
export function rangeTag(min: number, max: number): string {
  return `${f32Text(min)}_${f32Text(max)}`;
}

/** The range part of a field's file names when it holds no finite value (an all-land coast distance). */
export const NONFINITE_TAG = 'nonfinite';

/** Cells of a field that are not finite numbers (±∞, NaN). */
export function nonFiniteCount(data: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < data.length; i++) if (!Number.isFinite(data[i])) count++;
  return count;
}

/**
 * The range part of a field's file name: "min_max" of its finite values, or NONFINITE_TAG
 * when it has none, so the name never claims a range (0_0) the field does not have.
 */
function rangePart(data: Float32Array): { tag: string; min?: number; max?: number } {
  if (nonFiniteCount(data) === data.length) return { tag: NONFINITE_TAG };
  const [min, max] = finiteRange(data);
  return { tag: rangeTag(min, max), min, max };
}

/** Does this format apply to this layer? (No 16-bit grey of biome ids, no indexed field.) */
export function exportApplies(value: { readonly type: PortType }, format: ExportFormat): boolean {
  if (format === 'png16') return value.type !== 'biome';
  if (format === 'indexed' || format === 'splat') return value.type === 'biome';
  return true;
}

/**
 * The file of one layer in one format, `stem` being "<node>.<port>":
 * `stem.png`, `stem.<min>_<max>.16.png`, `stem.<min>_<max>.f32`, `stem.u8`, `stem.indexed.png`.
 * `water` (river and lake layers, n × n) is drawn over the PNG as the viewer draws it, which the
 * name says (`stem.rivers.png`), and over the mesh's drape (`stem.glb`, `stem.rivers.glb`);
 * the other formats are the layer's data and leave it out. `mesh` is the glb's land and
 * metres (required for it). `landMask` (src/engine/sea.ts seaUnder: 1 on land, 0 on the sea) is the
 * sea painted under a two-valued or lake layer's PNG and drape, as the map paints it. Null when
 * the format does not apply to the layer.
 */
export function exportFile(
  value: Value,
  n: number,
  stem: string,
  format: ExportFormat,
  style: LayerStyle = {},
  water?: readonly WaterLayer[],
  mesh?: MeshExport,
  landMask?: Uint8Array | null,
): ExportFile | null {
  if (!exportApplies(value, format)) return null;
  switch (format) {
    case 'png': {
      const rgba = layerPicture(value, n, style, landMask, water);
      return { name: `${stem}${water?.length ? '.rivers' : ''}.png`, bytes: rgbaPng(rgba, n, n), mime: 'image/png' };
    }
    case 'png16': {
      const { png } = grey16Png(value.data as Float32Array, n, value.type === 'terrain' ? value.seaLevel : undefined);
      const { tag, min, max } = rangePart(value.data as Float32Array);
      return { name: `${stem}.${tag}.16.png`, bytes: png, mime: 'image/png', min, max };
    }
    case 'raw': {
      const bytes = new Uint8Array(value.data.buffer, value.data.byteOffset, value.data.byteLength).slice();
      if (value.type === 'biome') return { name: `${stem}.u8`, bytes, mime: 'application/octet-stream' };
      // Float32Array bytes are little-endian on every platform Node and the browsers run on.
      const { tag, min, max } = rangePart(value.data as Float32Array);
      return { name: `${stem}.${tag}.f32`, bytes, mime: 'application/octet-stream', min, max };
    }
    case 'indexed':
      return { name: `${stem}.indexed.png`, bytes: biomePng(value.data as Uint8Array, n), mime: 'image/png' };
    case 'splat':
      // The same files `render --splat` writes side by side, in one download.
      return { name: `${stem}.splat.zip`, bytes: zipStored(splatFiles(value as BiomeValue, n, stem)), mime: 'application/zip' };
    case 'glb': {
      if (!mesh) throw new Error('exportFile: a mesh export needs its land and options');
      const { land, options } = mesh;
      if (!land) throw new Error(`nothing under ${stem} holds heights to build a mesh on`);
      if (land.value.type === 'biome' || land.value.data.length !== n * n) throw new Error(`the heights under ${stem} (${land.ref.node}.${land.ref.port}) are no ${n} × ${n} field`);
      const rgba = layerPicture(value, n, style, landMask, water);
      const bytes = terrainGlb({
        heights: land.value.data as Float32Array,
        n,
        seaLevel: land.seaLevel,
        picture: rgbaPng(rgba, n, n),
        layer: stem,
        heightsFrom: `${land.ref.node}.${land.ref.port}`,
        options,
      });
      return { name: `${stem}${water?.length ? '.rivers' : ''}.glb`, bytes, mime: 'model/gltf-binary' };
    }
  }
}

/**
 * The layer's 8-bit picture (n × n RGBA, north row first) as the viewer's map draws it: in its
 * palette; the sea of `land` (seaUnder) painted under a two-valued or lake layer; the water over
 * it in the colour the map gives it, apart from that sea (drawWater's `apart`). What a PNG export
 * and a mesh's drape are, from the editor, `render` and `build --format png` alike. Without the
 * sea, the exported lakes layer drew the sea as sand and its rivers deep blue where the map
 * showed the sea and aqua rivers.
 */
export function layerPicture(value: Value, n: number, style: LayerStyle = {}, land?: Uint8Array | null, water?: readonly WaterLayer[]): Uint8ClampedArray {
  const rgba = renderLayer(value, n, style);
  const apart = drawSeaUnder(rgba, n, land ?? null, n);
  if (water?.length) drawWater(rgba, n, water, n, apart);
  return rgba;
}

// The stem is the shortest that leaves a range: "<node>.<port>", or with the graph's name before
// it as the editor downloads it ("island.v2.height.out.-0.5_0.25.f32": stem "island.v2.height.out").
const RANGED = /^([^.]+(?:\.[^.]+)+?)\.(-?[0-9.]+(?:e[-+]?\d+)?)_(-?[0-9.]+(?:e[-+]?\d+)?)\.(f32|16\.png)$/;

/**
 * Reads "<node>.<port>.<min>_<max>.f32" (or .16.png) back, the graph's name before it too (the
 * editor's downloads); null for a name without a range (NONFINITE_TAG included).
 */
export function parseRangedName(name: string): { stem: string; min: number; max: number; ext: 'f32' | '16.png' } | null {
  const m = RANGED.exec(name);
  if (!m) return null;
  return { stem: m[1], min: Number(m[2]), max: Number(m[3]), ext: m[4] as 'f32' | '16.png' };
}
