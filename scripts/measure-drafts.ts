// How far the editor's drafts of the erosions look like the full picture (README, drafts): for
// each erosion, the change it makes (output minus input) in a 148² draft against the full
// change at each view size averaged down to 148², as drafts ran before (the erosions' params as
// they are) and as they run now (scaled by the draft's resolution: each node's draftParams).
// `amount` is the draft's mean |change| over the full one's (1: as much), `r` the correlation.
// The erosions count the grid's own cells here (`cells: grid`, files before format 7), which
// drafts scale by their cells over the full picture's; in 256-map cells a draft is a view of its
// size (npm run measure:resolution measures those).
//   npm run measure:drafts -- [256,512,1024] [--draft 148]
import { readFileSync } from 'node:fs';
import { parseGraph } from '../src/model/format.ts';
import type { Graph } from '../src/model/graph.ts';
import { draftAgreement, type ErosionAt, fullChange } from '../tests/helpers/draft-agreement.ts';
import { opt, sizesArg } from './measure-common.ts';

const sizes = sizesArg('256,512,1024');
const draft = Number(opt('--draft', '148'));

function load(name: string): Graph {
  const g = parseGraph(readFileSync(`graphs/${name}.json`, 'utf8'), { file: name });
  for (const n of g.nodes) if ('cells' in n.params) n.params.cells = 'grid';
  return g;
}

/** eroded-valleys with its hydraulic erosion swapped for a thermal one of the default params. */
function thermalValleys(): Graph {
  const g = load('eroded-valleys');
  const node = g.nodes.find((n) => n.id === 'erosion')!;
  node.type = 'thermal';
  node.params = { iterations: 40, talus: 4, rate: 0.25, coarse: 'before', cells: 'grid', grid: 'own' };
  return g;
}

const HEIGHTS = { node: 'height', port: 'out' };
const cases: { name: string; graph: Graph; at: ErosionAt }[] = [
  { name: 'hydraulic (eroded-valleys)', graph: load('eroded-valleys'), at: { node: 'erosion', out: 'out', input: HEIGHTS } },
  { name: 'thermal (eroded-valleys, 40 passes)', graph: thermalValleys(), at: { node: 'erosion', out: 'out', input: HEIGHTS } },
  { name: 'fluvial (carved-valleys)', graph: load('carved-valleys'), at: { node: 'valleys', out: 'terrain', input: { node: 'water', port: 'terrain' } } },
];

const f = (x: number) => x.toFixed(2);
for (const c of cases) {
  for (const full of sizes) {
    if (full <= draft) continue;
    const down = fullChange(c.graph, c.at, full, draft);
    const before = draftAgreement(c.graph, c.at, down, full, draft, true);
    const now = draftAgreement(c.graph, c.at, down, full, draft);
    console.log(`${c.name}, ${draft}² draft of ${full}²: before amount ${f(before.amount)} r ${f(before.r)}; now amount ${f(now.amount)} r ${f(now.r)}`);
  }
}
