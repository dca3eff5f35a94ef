// What the measure:flood, measure:fluvial and measure:thermal scripts share: their command line
// (sizes as the first bare N,N argument, options as `--name value`) and the heights they time
// the kernels on, graphs/default.json's water terrain at each size (as the operators bench).

import { readFileSync } from 'node:fs';
import { createEngine } from '../src/engine/engine.ts';
import { parseGraph } from '../src/model/format.ts';
import type { TerrainValue } from '../src/model/values.ts';

const args = process.argv.slice(2);

/** The value after `--name` on the command line, or `dflt`. */
export function opt(name: string, dflt: string): string {
  return args.includes(name) ? args[args.indexOf(name) + 1] : dflt;
}

/** The sizes asked for (the first N,N argument that is no option's value), or `dflt`'s. */
export function sizesArg(dflt: string): number[] {
  return (args.find((a, k) => /^\d+(,\d+)*$/.test(a) && !args[k - 1]?.startsWith('--')) ?? dflt).split(',').map(Number);
}

const graph = parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' });

/** The default graph's water terrain at n²: its heights (a copy of their own) and its sea level. */
export function defaultTerrain(n: number): { height: Float32Array; seaLevel: number } {
  const engine = createEngine(graph, { size: n });
  engine.evaluate({ targets: ['water'] });
  const terrain = engine.output('water', 'terrain') as TerrainValue;
  const height = terrain.data.slice();
  return { height, seaLevel: terrain.seaLevel };
}
