// The shipped recipes: each file loads and evaluates, shares the defaults of graphs/default.json,
// and shows its claims in the engine's own numbers — for the shipped seeds and shifted ones.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.ts';
import { serializeGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { checkClaims, CLAIMS, sameWindStart, SEED_SHIFTS } from '../src/recipes/claims.ts';
import { buildRecipe, keepLayout } from '../src/recipes/build.ts';
import { terrainFigures } from '../src/recipes/measures.ts';
import { RECIPES } from '../src/recipes/recipes.ts';
import type { TerrainValue } from '../src/model/values.ts';
import { loadGraph } from './helpers/graphs.ts';

const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));
const base = loadGraph('default.json');
const start = loadGraph('terrain-start.json');

describe('shipped graph files', () => {
  it('include every recipe of the pages and the rewired graphs', () => {
    for (const r of RECIPES) expect(files).toContain(r.file);
    expect(files.filter((f) => f.startsWith('terrain-'))).toHaveLength(8);
    expect(files.filter((f) => f.startsWith('climate-'))).toHaveLength(9);
  });

  it.each(files)('%s evaluates at 256² with every node ok, and has a name and notes', (file) => {
    const graph = loadGraph(file);
    expect(graph.name.length).toBeGreaterThan(3);
    expect(graph.notes.length).toBeGreaterThan(40);
    const e = createEngine(graph, { size: 256 });
    e.evaluate();
    for (const n of graph.nodes) expect(e.status(n.id)?.state, `${file}: ${n.id} ${e.status(n.id)?.message ?? ''}`).toBe('ok');
  });

  it.each(RECIPES.map((r) => r.file))('%s is graphs/default.json with only its own edits, byte for byte', (file) => {
    const recipe = RECIPES.find((r) => r.file === file)!;
    // What `npm run recipes` writes: the recipe built from the default graph, with the canvas
    // layout the shipped file already has (the default graph is laid out collapsed for the
    // editor's first sight, the recipes keep the roomy layout their added nodes were placed in).
    const shipped = readFileSync(`graphs/${file}`, 'utf8');
    expect(serializeGraph(keepLayout(buildRecipe(base, recipe), loadGraph(file)))).toBe(shipped);
  });

  it('every recipe has claims to check', () => {
    for (const r of RECIPES) expect(CLAIMS[r.file]?.length, r.file).toBeGreaterThan(0);
  });
});

describe('the same wind', () => {
  const ranges = loadGraph('long-ranges.json');
  const wind = (g: Graph) => g.nodes.find((n) => n.id === 'wind')!;

  it('long ranges has the Start’s wind params, so its rain-shadow claims compare under the same wind', () => {
    expect(wind(ranges).params).toEqual(wind(start).params);
  });

  it('the Start under the recipe’s wind reads its own height through the recipe’s relief curve', () => {
    const twin = sameWindStart(ranges, start)!;
    const into = (g: Graph, node: string, port: string) => g.edges.filter((e) => e.to.node === node && e.to.port === port).map((e) => `${e.from.node}.${e.from.port}`);
    expect(into(ranges, 'wind', 'rank')).toEqual(['windRelief.out']);
    expect(into(twin, 'wind', 'rank')).toEqual(['windRelief.out']);
    expect(into(twin, 'windRelief', 'in')).toEqual(['height.out']);
    expect(twin.nodes.find((n) => n.id === 'windRelief')!.params).toEqual(ranges.nodes.find((n) => n.id === 'windRelief')!.params);
    // Everything else is the Start's: the same nodes but the relief, the same wires but the wind's rank.
    expect(twin.nodes.filter((n) => n.id !== 'windRelief')).toEqual(start.nodes);
    expect(twin.edges.filter((e) => e.to.node !== 'windRelief' && !(e.to.node === 'wind' && e.to.port === 'rank'))).toEqual(start.edges.filter((e) => !(e.to.node === 'wind' && e.to.port === 'rank')));
    expect(sameWindStart(start, start)).toBeNull();
  });
});

describe('the island figures', () => {
  /** A terrain from rows of text, north row first: '#' land (height 1), '.' water (height −1), sea level 0. */
  function terrain(rows: string[]): TerrainValue {
    const n = rows.length;
    const data = new Float32Array(n * n);
    rows.forEach((row, k) => [...row].forEach((ch, c) => (data[(n - 1 - k) * n + c] = ch === '#' ? 1 : -1)));
    return { type: 'terrain', meaning: 'height', data, seaLevel: 0, sorted: Float32Array.from(data).sort(), waterCount: 0, order: null };
  }

  it('one landmass joins land that touches at a corner; a separate piece lowers its share', () => {
    const joined = terrainFigures(terrain(['......', '.##...', '.##...', '...##.', '...##.', '......']), 6);
    expect(joined.mainland).toBe(1);
    expect(joined.borderWater).toBe(1);
    const apart = terrainFigures(terrain(['......', '.##...', '.##...', '......', '....#.', '......']), 6);
    expect(apart.mainland).toBeCloseTo(4 / 5, 12);
  });

  it('the border share counts each border cell once, corners too', () => {
    // 20 border cells on a 6 × 6 map: one land corner, and one land cell mid-edge.
    const f = terrainFigures(terrain(['#.....', '......', '.....#', '......', '......', '......']), 6);
    expect(f.borderWater).toBeCloseTo(18 / 20, 12);
    expect(terrainFigures(terrain(['......', '......', '......', '......', '......', '......']), 6).mainland).toBe(0);
  });
});

const cases = RECIPES.flatMap((r) => SEED_SHIFTS.map((shift) => [r.file, shift] as const));

describe('recipe claims', () => {
  it.each(cases)('%s shows its claims with seeds shifted by %i', (file, shift) => {
    const results = checkClaims(file, loadGraph(file), start, shift);
    const failed = results.filter((r) => !r.ok).map((r) => `${r.claim.text}: ${r.value.toFixed(3)} not in ${r.claim.min}…${r.claim.max}`);
    expect(failed).toEqual([]);
  });
});
