// Colour ramps for every output meaning (SPEC §3), as 256-entry lookup tables built once.

import type { Meaning } from '../model/values.ts';

export type Rgb = readonly [number, number, number];

function hex(h: string): Rgb {
  const v = parseInt(h.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A ramp: 256 RGB triples, index 0 for the low end. */
export type Ramp = Uint8Array;

export function makeRamp(stops: readonly string[]): Ramp {
  const rgb = stops.map(hex);
  const lut = new Uint8Array(256 * 3);
  for (let k = 0; k < 256; k++) {
    const x = (k / 255) * (rgb.length - 1);
    const j = Math.min(rgb.length - 2, Math.floor(x));
    const t = x - j;
    for (let ch = 0; ch < 3; ch++) lut[k * 3 + ch] = Math.round(rgb[j][ch] + t * (rgb[j + 1][ch] - rgb[j][ch]));
  }
  return lut;
}

/** Perceptual (viridis-like) for noises and generic values. */
export const VIRIDIS = makeRamp(['#440154', '#482878', '#3e4a89', '#31688e', '#26828e', '#1f9e89', '#35b779', '#6dcd59', '#b4de2c', '#fde725']);
/** Cold blue → hot red. */
export const TEMPERATURE = makeRamp(['#313695', '#4575b4', '#74add1', '#abd9e9', '#ffffbf', '#fdae61', '#f46d43', '#d73027', '#a50026']);
/** Dry brown → wet green. */
export const MOISTURE = makeRamp(['#8c510a', '#bf812d', '#dfc27d', '#f6e8c3', '#c7e9c0', '#74c476', '#31a354', '#006d2c', '#00441b']);
/** Dry air white → humid air deep blue. */
export const AIR = makeRamp(['#fff7ec', '#d0d1e6', '#a6bddb', '#74a9cf', '#3690c0', '#0570b0', '#045a8d', '#023858']);
/** Near the coast dark → far inland bright (magma-like). */
export const DISTANCE = makeRamp(['#000004', '#2c115f', '#721f81', '#b73779', '#f1605d', '#feb078', '#fcfdbf']);
/** Land rank: coast → summit (cividis-like), water drawn apart. */
export const RANK = makeRamp(['#00204d', '#31446b', '#666970', '#958f78', '#cbba69', '#ffea46']);
/** Heights without a sea level: a plain elevation ramp. */
export const ELEVATION = makeRamp(['#1d2b3a', '#3d5a6c', '#6f8f7a', '#a7b57e', '#d9c98e', '#f3efe0']);

export const WATER_MASK: Rgb = [58, 110, 165];
export const LAND_MASK: Rgb = [217, 201, 163];

/**
 * Lake depth: a water blue, pale at a lake's shore and deep where it is deepest; no lake (0) is
 * drawn apart, in the water mask's land (rampFor's `zero`). A plain ramp from the land colour drew
 * the shallow half of the lakes (most of their cells) as sand tinted blue, which read as land,
 * and a ramp whose first entry was the land drew the shallowest lake cells (under 1/510 of the
 * deepest) as land.
 */
export const LAKE = makeRamp(['#a9d4f0', '#5fa8d8', '#2a74b8', '#0b3d7a']);

/** A data range [lo, hi] with its low end lowered to a ramp's `floor` when that is lower (see rampFor). */
export function floored(lo: number, hi: number, floor: number | undefined): [number, number] {
  return floor !== undefined && floor < lo ? [floor, Math.max(hi, floor)] : [lo, hi];
}

/**
 * The ramp and fixed range of a meaning; null range means "the data's own min … max", with the
 * low end at `floor` when that is lower (lake depth: 0, so a view all lake keeps its shallowest
 * cells pale blue, not the deepest's colour). `zero`: the colour of cells exactly 0, apart from
 * the ramp (no lake, where any depth is water).
 */
export function rampFor(meaning: Meaning): { ramp: Ramp; range: readonly [number, number] | null; floor?: number; zero?: Rgb } {
  switch (meaning) {
    case 'temperature':
      return { ramp: TEMPERATURE, range: [0, 1] };
    case 'moisture':
      return { ramp: MOISTURE, range: [0, 1] };
    case 'air':
      return { ramp: AIR, range: [0, 1] };
    case 'rank':
      return { ramp: RANK, range: [0, 1] };
    case 'unit':
      return { ramp: VIRIDIS, range: [0, 1] };
    case 'noise':
      return { ramp: VIRIDIS, range: [-1, 1] };
    case 'distance':
      return { ramp: DISTANCE, range: null };
    case 'height':
      return { ramp: ELEVATION, range: null };
    case 'lake':
      // 0 … the deepest lake shown: an export's range and a build's (coarse) range stay as before.
      return { ramp: LAKE, range: null, floor: 0, zero: LAND_MASK };
    default:
      return { ramp: VIRIDIS, range: null };
  }
}

/**
 * Height tints relative to the sea level s (SPEC §3): water bands below s − 0.2 and s − 0.05,
 * land bands from s + 0.02, 0.1, 0.2, 0.3 and 0.45, like an atlas.
 */
export const HEIGHT_BANDS: readonly { readonly above: number; readonly color: Rgb; readonly name: string }[] = [
  { above: -Infinity, color: [24, 52, 104], name: 'deep water' },
  { above: -0.2, color: [44, 92, 150], name: 'sea' },
  { above: -0.05, color: [86, 142, 192], name: 'shallows' },
  { above: 0, color: [214, 204, 150], name: 'shore' },
  { above: 0.02, color: [116, 164, 94], name: 'lowland' },
  { above: 0.1, color: [160, 184, 110], name: 'upland' },
  { above: 0.2, color: [176, 150, 100], name: 'hills' },
  { above: 0.3, color: [140, 120, 104], name: 'mountains' },
  { above: 0.45, color: [244, 244, 246], name: 'snow' },
];

/**
 * Height tints by share (the original scene's way): the band limits are quantiles of the
 * heights, so the top 8 % is always snow. Shares of the land above the sea level.
 */
export const SHARE_BANDS_LAND: readonly number[] = [0, 0.05, 0.45, 0.7, 0.84, 0.92];
/** Shares of the water below the sea level, deep to shallow. */
export const SHARE_BANDS_WATER: readonly number[] = [0, 0.45, 0.8];
