// The erosion, flow, fluvial (with and without deposition) and soft-border outputs of four shipped recipes (a thermal node added
// after the hydraulic one), hashed: tests/flow-determinism.test.ts compares this process's digest
// with a fresh Node process's (`node --import tsx tests/helpers/flow-digest.ts SIZE` prints it).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createEngine } from '../../src/engine/engine.ts';
import { parseGraph } from '../../src/model/format.ts';

export function flowDigest(size: number): string {
  const hash = createHash('sha256');
  const load = (file: string) => parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });

  const eroded = load('eroded-valleys.json');
  eroded.nodes.push({ id: 'scree', type: 'thermal', title: 'Scree', position: [0, 0], params: { iterations: 20, talus: 2, rate: 0.25, coarse: 'before', cells: 'map256', grid: 'own' } });
  eroded.edges.push({ from: { node: 'erosion', port: 'out' }, to: { node: 'scree', port: 'height' } });
  const a = createEngine(eroded, { size });
  a.evaluate();
  for (const [node, port] of [['erosion', 'out'], ['erosion', 'wear'], ['erosion', 'deposit'], ['scree', 'out'], ['scree', 'moved']]) {
    hash.update(Buffer.from(a.output(node, port)!.data.buffer));
  }
  const b = createEngine(load('rivers-from-the-rain.json'), { size });
  b.evaluate();
  for (const port of ['rivers', 'filled', 'lakes', 'accumulation']) hash.update(Buffer.from(b.output('rivers', port)!.data.buffer));
  const v = createEngine(load('carved-valleys.json'), { size });
  v.evaluate();
  for (const [node, port] of [['valleys', 'terrain'], ['valleys', 'cut'], ['valleys', 'area'], ['rivers', 'accumulation']]) hash.update(Buffer.from(v.output(node, port)!.data.buffer));
  const filledValleys = load('carved-valleys.json');
  filledValleys.nodes.find((node) => node.id === 'valleys')!.params.deposition = 1;
  const w = createEngine(filledValleys, { size });
  w.evaluate();
  for (const port of ['terrain', 'cut', 'deposit']) hash.update(Buffer.from(w.output('valleys', port)!.data.buffer));
  const c = createEngine(load('soft-borders.json'), { size });
  c.evaluate();
  const biomes = c.output('biomes');
  if (biomes?.type !== 'biome' || !biomes.soft) throw new Error('soft-borders.json gives no soft weights');
  hash.update(Buffer.from(biomes.soft.ids.buffer)).update(Buffer.from(biomes.soft.weights.buffer));
  return hash.digest('hex');
}

if (process.argv[1]?.endsWith('flow-digest.ts')) console.log(flowDigest(Number(process.argv[2])));
