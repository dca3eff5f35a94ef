// Every shipped graph opens with no node over another, at the sizes the editor draws them
// (src/app/node/layout.ts): a param added to a node type makes it taller, and the recipes'
// expanded fBm noises (340 high with their six params) had come to cover the header of the
// noise under them on the old 330-unit rows. A recipe made from scratch (src/recipes: no shipped
// file whose layout regeneration keeps) is laid out on the same collapsed grid.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { nodeSize } from '../src/app/node/layout.ts';
import { buildRecipe } from '../src/recipes/build.ts';
import { RECIPES } from '../src/recipes/recipes.ts';

const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

/** The pairs of nodes whose boxes overlap, as "a and b". */
function overlaps(graph: Graph): string[] {
  const boxes = graph.nodes.map((n) => ({ id: n.id, x: n.position[0], y: n.position[1], ...nodeSize(nodeDef(n.type)!, !!n.collapsed) }));
  const over: string[] = [];
  for (const [k, a] of boxes.entries())
    for (const b of boxes.slice(k + 1))
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) over.push(`${a.id} and ${b.id}`);
  return over;
}

describe('the shipped graphs’ layout', () => {
  it.each(files)('%s: no node covers another', (file) => {
    expect(overlaps(parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file }))).toEqual([]);
  });

  const base = parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' });
  it.each(RECIPES.map((r) => r.file))('%s made from scratch: no node covers another, each as collapsed as the base', (file) => {
    const graph = buildRecipe(base, RECIPES.find((r) => r.file === file)!);
    expect(overlaps(graph)).toEqual([]);
    expect(graph.nodes.filter((n) => !n.collapsed).map((n) => n.id)).toEqual([]);
  });

  it.each(RECIPES.filter((r) => r.addNodes?.length).map((r) => r.file))('%s made from scratch: its added nodes sit where the shipped file has them', (file) => {
    const recipe = RECIPES.find((r) => r.file === file)!;
    const graph = buildRecipe(base, recipe);
    const shipped = parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });
    // Within a few units: the shipped chained-curves has its inland curve nudged 6 units down.
    const off = recipe.addNodes!.filter((a) => {
      const [x, y] = graph.nodes.find((n) => n.id === a.id)!.position;
      const [sx, sy] = shipped.nodes.find((n) => n.id === a.id)!.position;
      return Math.abs(x - sx) > 8 || Math.abs(y - sy) > 8;
    });
    expect(off.map((a) => a.id)).toEqual([]);
  });
});
