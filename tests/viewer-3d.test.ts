// The 3-D view's land and the compare view's pin, headless: which heights a layer stands on,
// the thinned grid, the mesh's geometry and hover ray, and the session keeping both current
// through edits, checked against an engine of the test's own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { createEngine, type Engine, parseGraph } from '../src/index.ts';
import { cellAt, viewDomain } from '../src/grid.ts';
import type { Graph } from '../src/model/graph.ts';
import { renderLayer } from '../src/render/layer.ts';
import { gridIndices } from '../src/render/grid-mesh.ts';
import { HEIGHT_SCALE, pickRelief, sceneToWorld, surfaceY, writePositions, writeUvs } from '../src/app/terrain-3d/mesh.ts';
import { heightSource, OWN_RELIEF_SPAN, ownRelief, reliefGrid, sampledCell } from '../src/viewer-core/relief.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

/** How many bytes differ (a length mismatch counts every byte): faster to compare than toEqual on 262 144 bytes. */
function bytesDiffering(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let k = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) k++;
  return k;
}

function engineAt(graph: Graph): Engine {
  const engine = createEngine(graph);
  engine.evaluate();
  return engine;
}

describe('the land under a layer', () => {
  const engine = engineAt(DEFAULT);
  const read = (ref: { node: string; port: string }) => engine.output(ref.node, ref.port);
  const outputs = (id: string) => Object.keys(nodeDef(DEFAULT.nodes.find((n) => n.id === id)!.type)!.outputs);

  it('is the output itself when it holds heights, the nearest terrain upstream otherwise', () => {
    expect(heightSource(DEFAULT, read, outputs, { node: 'water', port: 'terrain' })?.ref).toEqual({ node: 'water', port: 'terrain' });
    // A height field without a sea level is its own land, with no sea.
    const height = heightSource(DEFAULT, read, outputs, { node: 'height', port: 'out' })!;
    expect(height.ref).toEqual({ node: 'height', port: 'out' });
    expect(height.seaLevel).toBeNull();
    // Biomes, moisture and the water's mask stand on the water node's terrain, with its sea level.
    for (const start of [{ node: 'biomes', port: 'out' }, { node: 'moisture', port: 'out' }, { node: 'water', port: 'mask' }]) {
      const found = heightSource(DEFAULT, read, outputs, start)!;
      expect(found.ref, start.node).toEqual({ node: 'water', port: 'terrain' });
      expect(found.seaLevel).toBe((engine.output('water', 'terrain') as { seaLevel: number }).seaLevel);
    }
    // A noise alone is its own relief, with no sea; what is no field, or not evaluated, stands on nothing.
    const noise = heightSource(DEFAULT, read, outputs, { node: 'cont', port: 'out' })!;
    expect([noise.ref, noise.seaLevel, noise.value]).toEqual([{ node: 'cont', port: 'out' }, null, engine.output('cont', 'out')]);
    expect(heightSource(DEFAULT, () => undefined, outputs, { node: 'cont', port: 'out' })).toBeNull();
  });

  it("is an erosion's own heights, shown or beside its wear, with the sea level of the terrain upstream, none of one downstream", () => {
    // The eroded-valleys recipe on a 64² view: the erosion reads the raw sum, the water level its output.
    const file = JSON.parse(readFileSync('graphs/eroded-valleys.json', 'utf8'));
    file.view.size = 64;
    const before = parseGraph(JSON.stringify(file));
    // The same, eroded after the water level: the water reads the sum, the erosion the water's terrain.
    file.edges = file.edges.filter((e: { to: string }) => e.to !== 'erosion.height' && e.to !== 'water.height');
    file.edges.push({ from: 'height.out', to: 'water.height' }, { from: 'water.terrain', to: 'erosion.height' });
    const after = parseGraph(JSON.stringify(file));
    const land = (graph: Graph, port: string) => {
      const e = engineAt(graph);
      const of = (id: string) => Object.keys(nodeDef(graph.nodes.find((n) => n.id === id)!.type)!.outputs);
      return { found: heightSource(graph, (ref) => e.output(ref.node, ref.port), of, { node: 'erosion', port })!, e };
    };
    for (const port of ['out', 'wear']) {
      // It was the water's terrain, the land before the droplets wore it.
      const { found, e } = land(after, port);
      expect(found.ref, port).toEqual({ node: 'erosion', port: 'out' });
      expect(found.value).toBe(e.output('erosion', 'out'));
      expect(found.seaLevel).toBe((e.output('water', 'terrain') as { seaLevel: number }).seaLevel);
      // The water level reads the erosion: its sea is decided downstream, and not taken.
      const first = land(before, port).found;
      expect([first.ref, first.seaLevel], port).toEqual([{ node: 'erosion', port: 'out' }, null]);
    }
  });

  it("draws a field's own values as heights from its least to its greatest over 0 … OWN_RELIEF_SPAN, with no sea", () => {
    const data = engine.output('cont', 'out')!.data as Float32Array;
    const grid = reliefGrid(data, DEFAULT.view.size, null);
    const own = ownRelief(grid);
    expect([own.min, own.max, own.seaLevel, own.side]).toEqual([0, OWN_RELIEF_SPAN, null, grid.side]);
    const lo = grid.heights.indexOf(Math.min(...grid.heights));
    const hi = grid.heights.indexOf(Math.max(...grid.heights));
    expect(own.heights[lo]).toBeCloseTo(((grid.heights[lo] - grid.min) * OWN_RELIEF_SPAN) / (grid.max - grid.min), 6);
    expect(own.heights[hi]).toBeCloseTo(((grid.heights[hi] - grid.min) * OWN_RELIEF_SPAN) / (grid.max - grid.min), 6);
    for (let k = 1; k < 200; k++) expect(Math.sign(own.heights[k] - own.heights[k - 1])).toBe(Math.sign(grid.heights[k] - grid.heights[k - 1]));
    // A flat field stays as it is.
    const flat = reliefGrid(new Float32Array(64 * 64).fill(0.3), 64, null);
    expect(ownRelief(flat)).toBe(flat);
  });

  it('is thinned to at most 256² by taking the cell under each sample, the range from every cell', () => {
    const n = 1024;
    const data = new Float32Array(n * n);
    for (let i = 0; i < data.length; i++) data[i] = Math.sin(i * 0.37) + (i % 7) * 0.01;
    data[5] = NaN;
    const grid = reliefGrid(data, n, 0.1);
    expect(grid.side).toBe(256);
    for (const [r, c] of [[0, 0], [17, 200], [255, 255]]) {
      expect(grid.heights[r * 256 + c]).toBe(data[sampledCell(r, 256, n) * n + sampledCell(c, 256, n)]);
    }
    let lo = Infinity;
    for (const v of data) if (v < lo) lo = v;
    expect(grid.min).toBe(lo);
    expect(reliefGrid(data.subarray(0, 64 * 64), 64, null).side).toBe(64);
  });
});

describe('the mesh', () => {
  const side = 32;
  const heights = new Float32Array(side * side);
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) heights[r * side + c] = 0.5 * Math.sin(c / 5) * Math.cos(r / 7);
  const cells = new Uint32Array(side).map((_, j) => sampledCell(j, side, 64));
  const relief = { side, heights, cells, n: 64, min: -0.5, max: 0.5, seaLevel: 0 };

  it('puts each vertex over the centre of the cell it samples, north away from the camera', () => {
    const pos = new Float32Array(side * side * 3);
    writePositions(relief, 2, pos);
    const v = (r: number, c: number) => pos.slice((r * side + c) * 3, (r * side + c) * 3 + 3);
    expect(v(0, 0)[0]).toBeCloseTo((cells[0] + 0.5) / 64 - 0.5);
    expect(v(0, 0)[2]).toBeCloseTo(0.5 - (cells[0] + 0.5) / 64); // row 0 is south: +z
    expect(v(3, 4)[1]).toBeCloseTo(heights[3 * side + 4] * HEIGHT_SCALE * 2);
    const uv = new Float32Array(side * side * 2);
    writeUvs(relief, uv);
    expect(uv[1]).toBeCloseTo(1 - (cells[0] + 0.5) / 64); // the picture's first row is the north row
    const idx = gridIndices(side);
    expect(idx.length).toBe((side - 1) ** 2 * 6);
    // The coarse level uses every fourth sample and still reaches the last row and column.
    const coarse = gridIndices(side, 4);
    expect(coarse.length).toBe(8 * 8 * 6);
    expect(Math.max(...coarse)).toBe(side * side - 1);
    expect(new Set(Array.from(coarse, (v) => v % side))).toEqual(new Set([0, 4, 8, 12, 16, 20, 24, 28, 31]));
    // Counter-clockwise seen from above: the first triangle's normal points up.
    const [a, b, d] = [v(0, 0), v(0, 1), v(1, 0)];
    const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const ad = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    expect(ab[2] * ad[0] - ab[0] * ad[2]).toBeGreaterThan(0);
  });

  it('finds the point a ray meets: straight down, it is the point above which it started', () => {
    for (const [x, z] of [[0.1, -0.2], [-0.41, 0.33], [0.25, 0.25]]) {
      const hit = pickRelief([x, 5, z], [0, -1, 0], relief, 1)!;
      expect(hit.x).toBeCloseTo(x, 6);
      expect(hit.z).toBeCloseTo(z, 6);
    }
    // A slanted ray stops where it first goes under the land (or the sea's surface).
    const o: [number, number, number] = [0, 1, 1.2];
    const len = Math.hypot(0, -1, -1.4);
    const d: [number, number, number] = [0, -1 / len, -1.4 / len];
    const hit = pickRelief(o, d, relief, 1)!;
    const t = (hit.z - o[2]) / d[2];
    expect(Math.abs(o[0] + d[0] * t - hit.x)).toBeLessThan(1e-9);
    expect(o[1] + d[1] * t).toBeCloseTo(Math.max(0, surfaceY(relief, 1, hit.x, hit.z)), 4);
    expect(pickRelief([3, 1, 3], [0, 1, 0], relief, 1)).toBeNull();
    expect(sceneToWorld(-0.5, 0.5, { x: 2, y: -1 })).toEqual({ x: 2, y: -1 });
  });
});

describe('the viewer session in 3-D and compared', () => {
  it('sends the heights under the shown layer, again when the land changes, not when only the layer does', async () => {
    const { core, session, settle } = setup();
    core.select(['biomes']);
    session.setTab('3d');
    await settle();
    const first = session.land.relief!;
    expect(first.source).toEqual({ node: 'water', port: 'terrain' });
    const engine = engineAt(core.snapshot());
    const water = engine.output('water', 'terrain')!;
    expect(first.seaLevel).toBe((water as { seaLevel: number }).seaLevel);
    expect(first.side).toBe(256);
    expect(bytesDiffering(first.heights, water.data)).toBe(0);
    // Downstream of the land: the same heights, not sent again.
    core.setParam('wind', 'angle', 90);
    await settle();
    expect(session.land.relief).toBe(first);
    // Upstream: new heights, as the new graph makes them.
    core.setParam('contCurve', 'points', [[-1, -0.6], [0, 0.2], [1, 0.9]]);
    await settle();
    const second = session.land.relief!;
    expect(second).not.toBe(first);
    expect(bytesDiffering(second.heights, engineAt(core.snapshot()).output('water', 'terrain')!.data)).toBe(0);
    // The hover of the 3-D view reads the cell as the map does.
    const world = sceneToWorld(0.12, -0.3, second);
    session.pointAt(world);
    await settle();
    expect(session.provenance!.i).toBe(cellAt(viewDomain(core.graph.view), world.x, world.y)!.i);
  });

  it('thins a 1024² view to 256² samples', async () => {
    const graph = { ...DEFAULT, view: { ...DEFAULT.view, size: 1024 } };
    const { core, session, settle } = setup(graph);
    core.select(['water']);
    session.setTab('3d');
    await settle();
    const relief = session.land.relief!;
    expect([relief.side, relief.n, relief.heights.length]).toEqual([256, 1024, 256 * 256]);
    const data = engineAt(core.snapshot()).output('water', 'terrain')!.data;
    expect(relief.heights[100 * 256 + 37]).toBe(data[relief.cells[100] * 1024 + relief.cells[37]]);
  }, 60_000);

  it('keeps the pinned picture beside the current one, redrawn after an upstream edit unless frozen', async () => {
    const { core, session, settle } = setup();
    core.select(['water']);
    await settle();
    session.pinShown();
    core.select(['moisture']);
    await settle();
    const style = session.style;
    const check = () => {
      const engine = engineAt(core.snapshot());
      const pinned = session.compare.picture!;
      expect(bytesDiffering(new Uint8ClampedArray(pinned.image.rgba), renderLayer(engine.output('water', 'terrain')!, 256, style))).toBe(0);
      expect(bytesDiffering(new Uint8ClampedArray(session.detail!.image.rgba), renderLayer(engine.output('moisture')!, 256, style))).toBe(0);
      expect(pinned.histogram?.kind).toBe('terrain');
    };
    check();
    const before = session.compare.picture!;
    core.setParam('contCurve', 'points', [[-1, -0.6], [0, 0.25], [1, 0.9]]);
    await settle();
    expect(session.compare.picture).not.toBe(before);
    check();
    // Frozen: an edit leaves the pinned picture as it was; thawed, it catches up.
    session.compare.setFrozen(true);
    const frozen = session.compare.picture;
    core.setParam('contCurve', 'points', [[-1, -0.6], [0, -0.1], [1, 0.9]]);
    await settle();
    expect(session.compare.picture).toBe(frozen);
    session.compare.setFrozen(false);
    await settle();
    check();
    // Undo and selection keep working under the pin.
    core.undo();
    await settle();
    check();
    session.compare.unpin();
    expect(session.compare.picture).toBeNull();
  });
});
