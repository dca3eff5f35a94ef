// The node catalogue: every node type, in menu order. Adding a type means adding its file here.

import type { AnyNodeDef } from '../src/model/manifest.ts';
import { chain } from './chain.ts';
import { coast } from './coast.ts';
import { combine } from './combine.ts';
import { curve } from './curve.ts';
import { fbm } from './fbm.ts';
import { moisture } from './moisture.ts';
import { rank } from './rank.ts';
import { temperature } from './temperature.ts';
import { water } from './water.ts';
import { whittaker } from './whittaker.ts';
import { wind } from './wind.ts';

export const NODE_TYPES: readonly AnyNodeDef[] = [
  fbm,
  curve,
  combine,
  chain,
  water,
  coast,
  rank,
  temperature,
  wind,
  moisture,
  whittaker,
] as unknown as AnyNodeDef[];

const byType = new Map(NODE_TYPES.map((d) => [d.type, d]));

export function nodeDef(type: string): AnyNodeDef | undefined {
  return byType.get(type);
}
