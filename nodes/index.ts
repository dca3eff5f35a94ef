// The node catalogue: every node type, in menu order. Adding a type means adding its file here.

import { type AnyNodeDef, type Catalogue, catalogueOf } from '../src/model/manifest.ts';
import { cellular } from './cellular.ts';
import { blur } from './blur.ts';
import { chain } from './chain.ts';
import { coast } from './coast.ts';
import { combine } from './combine.ts';
import { curve } from './curve.ts';
import { fbm } from './fbm.ts';
import { flow } from './flow.ts';
import { fluvial } from './fluvial.ts';
import { hydraulic } from './hydraulic.ts';
import { moisture } from './moisture.ts';
import { rank } from './rank.ts';
import { select } from './select.ts';
import { shape } from './shape.ts';
import { slope } from './slope.ts';
import { temperature } from './temperature.ts';
import { terrace } from './terrace.ts';
import { thermal } from './thermal.ts';
import { warp } from './warp.ts';
import { water } from './water.ts';
import { whittaker } from './whittaker.ts';
import { wind } from './wind.ts';

/** Every node type this build knows; engines, parsers and the editor default to it. */
export const CATALOGUE: Catalogue = catalogueOf([
  fbm,
  cellular,
  shape,
  curve,
  combine,
  chain,
  warp,
  terrace,
  blur,
  slope,
  select,
  hydraulic,
  thermal,
  water,
  flow,
  fluvial,
  coast,
  rank,
  temperature,
  wind,
  moisture,
  whittaker,
] as unknown as AnyNodeDef[]);

export const NODE_TYPES: readonly AnyNodeDef[] = CATALOGUE.types;

/** The definition of a type in the full catalogue (the app's and command line's). */
export function nodeDef(type: string): AnyNodeDef | undefined {
  return CATALOGUE.def(type);
}
