// The biome lookup in Float32 lanes, sixteen cells at a time (wasm/kernels.as.ts whittaker),
// against the rule it explains cells with (whittakerCase, in doubles): at thresholds that are
// not Float32 values and at the Float32 neighbours of each, at the table's row and column
// edges, on NaN, infinities, signed zeros and subnormals, at every length up to three vectors
// and a tail, with and without a coast.
import { describe, expect, it } from 'vitest';
import { tableIds, whittakerCase, whittakerKernel } from '../nodes/whittaker.ts';
import { BEACH, DEFAULT_TABLE, OCEAN } from '../src/model/biomes.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { rng } from './helpers/graphs.ts';

/** The Float32 values next to v, below and above, and v itself rounded. */
function around(v: number): number[] {
  const f = new Float32Array([v, v, v]);
  const u = new Int32Array(f.buffer);
  if (f[0] !== 0 && Number.isFinite(f[0])) {
    u[0] -= Math.sign(f[0]);
    u[2] += Math.sign(f[2]);
  }
  return [...f];
}

const SPECIAL = [NaN, Infinity, -Infinity, 0, -0, 1e-45, -1e-45, 3e38, -3e38];

/** A pool of values a field may hold near each threshold and edge. */
function pool(thresholds: readonly number[]): number[] {
  return [...SPECIAL, ...[0.25, 0.5, 0.75, 1, ...thresholds].flatMap(around)];
}

describe('biome lookup in Float32 lanes', () => {
  const cases: [string, number, number, number][] = [
    ['the shipped rules', 0, 1.5, 0.25],
    ['thresholds that are not Float32 values', 0.7, 0.7, 0.3],
    ['a level past the Float32 range', 1e39, 0.1, -0.1],
  ];
  it.each(cases)('gives each cell the biome of its rule, with %s', (_, level, beachWidth, beachMinTemperature) => {
    const rules = { table: tableIds(DEFAULT_TABLE), beachWidth, beachMinTemperature };
    const rand = rng(Math.round(level * 1000 + beachWidth * 100 + 7));
    const values = pool([level, beachWidth, beachMinTemperature]);
    const pick = () => (rand() < 0.8 ? values[Math.floor(rand() * values.length)] : rand() * 1.6 - 0.3);
    for (let n = 1; n <= 52; n++) {
      const h = Float32Array.from({ length: n }, pick);
      const t = Float32Array.from({ length: n }, pick);
      const m = Float32Array.from({ length: n }, pick);
      const d = Float32Array.from({ length: n }, pick);
      const terrain = { data: h, seaLevel: level } as TerrainValue;
      for (const coast of [d, null]) {
        const out = new Uint8Array(n);
        whittakerKernel(rules, t, m, terrain, coast, out);
        const expected = [...h].map((hi, i) => {
          const c = whittakerCase(rules, hi < level, t[i], m[i], coast ? coast[i] : null);
          return c.rule === 'ocean' ? OCEAN : c.rule === 'beach' ? BEACH : rules.table[c.row * 4 + c.col];
        });
        expect([...out]).toEqual(expected);
      }
    }
  });
});
