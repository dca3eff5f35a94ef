// Every shipped graph opens with no node over another, at the sizes the editor draws them
// (src/app/node/layout.ts): a param added to a node type makes it taller, and the recipes'
// expanded fBm noises (340 high with their six params) had come to cover the header of the
// noise under them on the old 330-unit rows.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { parseGraph } from '../src/index.ts';
import { nodeSize } from '../src/app/node/layout.ts';

const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

describe('the shipped graphs’ layout', () => {
  it.each(files)('%s: no node covers another', (file) => {
    const graph = parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });
    const boxes = graph.nodes.map((n) => ({ id: n.id, x: n.position[0], y: n.position[1], ...nodeSize(nodeDef(n.type)!, !!n.collapsed) }));
    const over: string[] = [];
    for (const [k, a] of boxes.entries())
      for (const b of boxes.slice(k + 1))
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) over.push(`${a.id} and ${b.id}`);
    expect(over).toEqual([]);
  });
});
