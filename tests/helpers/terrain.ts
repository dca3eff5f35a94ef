// Grids and terrains for the kernel tests.
import { type Domain } from '../../src/grid.ts';
import { argsortFloat32 } from '../../src/kernels/sort.ts';
import type { TerrainValue } from '../../src/model/values.ts';

export function domainOf(n: number): Domain {
  return { x0: 0, y0: 0, extent: 1, n };
}

/** A terrain whose heights are given and whose sea level is 0. */
export function terrainOf(height: Float32Array): TerrainValue {
  const sorted = new Float32Array(height.length);
  const order = new Uint32Array(height.length);
  argsortFloat32(height, sorted, order);
  const level = 0;
  let waterCount = 0;
  while (waterCount < sorted.length && sorted[waterCount] < level) waterCount++;
  return { type: 'terrain', meaning: 'height', data: height, seaLevel: level, sorted, waterCount, order };
}
