// Files saved before this session's changes keep their pixels: every output of five graphs as
// graphs/ held them at 085b18c (water on the `world` cut, wind from a `world` start), pinned by
// digests that the engine at 085b18c computed. The session offered coarser cuts (world-8,
// world-4), narrowed the wind's coarse grid to the upwind side, and rewrote the noise, rank
// and coast kernels for speed, each promising the same bits: this holds them to it (cellular,
// in no shipped graph, is held to its reference search in tests/cellular.test.ts).
//
// If a digest changes, a saved file draws differently. That needs a new file format version
// (COMMON: nobody changes the format this session), not new digests.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, nodeDef, parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';

const DIR = 'tests/fixtures/saved-085b18c';

/** The first 16 hex digits of a SHA-256 over every output of every node, in file order. */
function digest(graph: Graph): string {
  const e = createEngine(graph);
  e.evaluate();
  const h = createHash('sha256');
  for (const n of graph.nodes) {
    for (const port of Object.keys(nodeDef(n.type)!.outputs)) {
      const v = e.output(n.id, port);
      h.update(`${n.id}.${port}:`);
      if (v) h.update(Buffer.from(v.data.buffer, v.data.byteOffset, v.data.byteLength));
    }
  }
  return h.digest('hex').slice(0, 16);
}

function saved(file: string): Graph {
  return parseGraph(readFileSync(`${DIR}/${file}`, 'utf8'), { file });
}

describe('files saved at 085b18c keep their pixels', () => {
  it.each([
    ['default.json', '67970c01eefb0380'],
    ['long-ranges.json', '5ea80810a0b7869a'],
    // Redrawn on purpose (session 29): hydraulic erosion's droplets slowed on every slope they ran
    // down and wore gullies half a cell south-west; fixed, the saved droplets wear another picture.
    ['eroded-valleys.json', 'aa0e8a38e41b9884'],
    ['rivers-from-the-rain.json', '2761253bd47a30c0'],
    ['terraced-mesas.json', 'c64d7056a2578ff5'],
  ])('%s at 64², as saved', (file, want) => {
    const g = saved(file);
    expect(g.nodes.find((n) => n.type === 'water')!.params.cut).toBe('world');
    expect(digest({ ...g, view: { ...g.view, size: 64 } })).toBe(want);
  });

  it.each([
    [0, 'bf9d75a21c8f9755'],
    [37, '22e44b6355bc1263'],
    [135, '5cc7a76f32292c3d'],
    [250, 'c8d722b22d7582d7'],
  ])('default.json with the wind from %i°, on a 97² view off the lattice', (angle, want) => {
    const g = saved('default.json');
    g.nodes.find((n) => n.type === 'wind')!.params.angle = angle;
    expect(digest({ ...g, view: { x: g.view.x + 0.37, y: g.view.y - 1.2, size: 97 } })).toBe(want);
  });
});

// Format 8 runs an erosion on the grid it is bound to alone, whatever reads it (its `grid`: own);
// format 7 grew that grid by its readers' halos, and eroded-valleys' coast and wind read 1/8 view
// round its erosion. graphs/eroded-valleys.json as shipped at format 7 (bdc756e), opened now, gets
// `grid: grown` (migrations.ts V7_TO_V8) and keeps every output's bytes: the digests the engine
// at bdc756e computed of that file.
describe('files saved at format 7 keep their pixels', () => {
  const V7 = 'tests/fixtures/saved-v7/eroded-valleys.json';

  it.each([
    [64, '6244d5abae947e7b'],
    [256, '6d5f38e2ba725fd0'],
  ])('eroded-valleys.json at %i²', (size, want) => {
    const g = parseGraph(readFileSync(V7, 'utf8'), { file: 'eroded-valleys.json' });
    expect(JSON.parse(readFileSync(V7, 'utf8')).version).toBe(7);
    expect(g.nodes.find((n) => n.type === 'hydraulic')!.params.grid).toBe('grown');
    expect(digest({ ...g, view: { ...g.view, size } })).toBe(want);
  });
});
