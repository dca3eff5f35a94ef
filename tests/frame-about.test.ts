// Where a frame made about some nodes (Ctrl/⌘+G) goes: round them with room for its title bar,
// over no node it does not hold (src/editor/frame-about.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDef } from '../nodes/index.ts';
import { parseGraph } from '../src/index.ts';
import type { Graph } from '../src/model/graph.ts';
import { FRAME_PAD, frameHolds } from '../src/model/frames.ts';
import { nodeSize } from '../src/app/node/layout.ts';
import { FRAME_CLEAR, FRAME_TITLE_LEAST, FRAME_TITLE_ROOM, frameAbout, type FramePlan } from '../src/editor/frame-about.ts';

const graph = (): Graph => parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' });

function sizer(g: Graph) {
  return (id: string) => {
    const n = g.nodes.find((m) => m.id === id);
    return n ? nodeSize(nodeDef(n.type)!, !!n.collapsed) : undefined;
  };
}

/** The nodes the plan's box lies over without holding them whole. */
function covered(g: Graph, plan: FramePlan): string[] {
  const size = sizer(g);
  const frame = { id: 'f', title: '', color: 'blue' as const, position: plan.position, size: plan.size };
  return g.nodes
    .filter((n) => {
      const s = size(n.id)!;
      const [x, y] = n.position;
      const over = x < plan.position[0] + plan.size[0] && plan.position[0] < x + s.width && y < plan.position[1] + plan.size[1] && plan.position[1] < y + s.height;
      return over && !frameHolds(frame, { x, y, ...s });
    })
    .map((n) => n.id);
}

describe('a frame made about nodes', () => {
  it('takes its full room, title bar above, round a node with none near', () => {
    const g = graph();
    g.nodes.find((n) => n.id === 'moistNoise')!.position = [2000, 2000];
    const plan = frameAbout(g, ['moistNoise'], sizer(g))!;
    const s = sizer(g)('moistNoise')!;
    expect(plan.position).toEqual([2000 - FRAME_PAD, 2000 - FRAME_PAD - FRAME_TITLE_ROOM]);
    expect(plan.size).toEqual([s.width + 2 * FRAME_PAD, s.height + 2 * FRAME_PAD + FRAME_TITLE_ROOM]);
    expect(plan.takenIn).toEqual([]);
    expect(plan.under).toEqual([]);
  });

  it('stops short of its neighbours on the shipped grid (20 apart beside, 32 between rows), its title bar whole', () => {
    const g = graph();
    // The Height node: C curve's row above, E curve and Water level beside.
    for (const ids of [['height'], ['erosCurve'], ['erosCurve', 'height'], ['rank', 'wind'], ['eros', 'erosCurve']]) {
      const plan = frameAbout(g, ids, sizer(g))!;
      expect(covered(g, plan), ids.join(', ')).toEqual([]);
      expect(plan.under).toEqual([]);
      const top = Math.min(...ids.map((id) => g.nodes.find((n) => n.id === id)!.position[1]));
      expect(top - plan.position[1], ids.join(', ')).toBeGreaterThanOrEqual(FRAME_TITLE_LEAST);
    }
    const plan = frameAbout(g, ['height'], sizer(g))!;
    // Left: E curve ends at 268, so the frame begins FRAME_CLEAR after it; above, C curve's
    // column ends at 144 + 124 = 268 < 288: the row above is clear, the full room is kept.
    expect(plan.position[0]).toBe(144 + 124 + FRAME_CLEAR);
  });

  it('holds a node lying among the selected ones, and says so', () => {
    const g = graph();
    const plan = frameAbout(g, ['contCurve', 'pvCurve'], sizer(g))!;
    expect(plan.takenIn).toEqual(['erosCurve']);
    expect(covered(g, plan)).toEqual([]);
  });

  it('names a node too close to leave out', () => {
    const g = graph();
    g.nodes.find((n) => n.id === 'coast')!.position = [288, 176 - 144 - 10];
    const plan = frameAbout(g, ['height'], sizer(g))!;
    expect(plan.under).toEqual(['coast']);
    expect(176 - plan.position[1]).toBe(FRAME_TITLE_LEAST);
  });

  it('is null when no node asked for is in the graph', () => {
    const g = graph();
    expect(frameAbout(g, ['nope'], sizer(g))).toBeNull();
  });
});
