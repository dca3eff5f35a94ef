// What the viewer says of the graph's erosions and flows under a node that depends on none of
// them while the water drawn over its map does (session.ts gridHint, gridBoundRoots, world-note.ts
// gridHintFor), and where the sea of a height field with none is decided (session.ts
// seaDownstream), on the shipped recipes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/model/format.ts';
import { gridBoundRoots, seaDownstream } from '../src/viewer-core/session.ts';
import { gridHintFor } from '../src/viewer-core/world-note.ts';
import { setup } from './helpers/viewer-setup.ts';

const read = (file: string) => parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });

describe("the hint to a graph's erosions and flows", () => {
  it('names the first grid-bound nodes only (the erosion, not the flow reading its land), none in a graph without them', () => {
    expect(gridBoundRoots(read('carved-valleys.json'))).toEqual([{ id: 'valleys', title: 'Fluvial erosion' }]);
    expect(gridBoundRoots(read('eroded-valleys.json'))).toEqual([{ id: 'erosion', title: 'Hydraulic erosion' }]);
    expect(gridBoundRoots(read('default.json'))).toEqual([]);
  });

  it('names, with `of`, only those the node depends on, itself among them', () => {
    const g = read('carved-valleys.json');
    expect(gridBoundRoots(g, 'rivers')).toEqual([{ id: 'valleys', title: 'Fluvial erosion' }]);
    expect(gridBoundRoots(g, 'biomes')).toEqual([]);
    expect(gridBoundRoots(read('rivers-from-the-rain.json'), 'rivers')).toEqual([{ id: 'rivers', title: 'Flow and rivers' }]);
  });

  it('says what they run on, what of the map depends on them and what a pan does, in one line', () => {
    const one = [{ id: 'valleys', title: 'Fluvial erosion' }];
    expect(gridHintFor(one, 'rivers & lakes', undefined)?.tail).toBe(
      ' runs on the whole view: a pan runs it again, and the rivers & lakes drawn over this map may come out different (this output does not depend on it). Show it to give the graph a world.',
    );
    expect(gridHintFor(one, 'rivers & lakes', { x: 5, y: 5, size: 3 })?.tail).toBe(
      " runs on the whole view here, not on the graph's world (3 × 3 views from (5, 5)): a pan runs it again, and the rivers & lakes drawn over this map may come out different (this output does not depend on it). Show it to see why.",
    );
    const two = [...one, { id: 'erosion', title: 'Hydraulic erosion' }];
    expect(gridHintFor(two, 'rivers', undefined)?.tail).toBe(
      ' run on the whole view: a pan runs them again, and the rivers drawn over this map may come out different (this output does not depend on them). Show one to give the graph a world.',
    );
    expect(gridHintFor([], 'rivers', undefined)).toBeNull();
  });
});

describe('when the viewer shows the hint', () => {
  // It showed under every node that depends on no erosion or flow in a graph holding one: 17 of the
  // 18 nodes of the Rivers and Island recipes, whatever the map drew, and with a world it said they
  // ran on it where they did not. Now only where a pan changes what the map draws: the water over it.
  it("shows under a map with a flow's rivers drawn over it while the flow runs on the view, and not otherwise", async () => {
    const { core, session, settle } = setup(read('rivers-from-the-rain.json'));
    await settle();
    core.select(['moisture']);
    await settle();
    expect(session.node).toBe('moisture');
    expect(session.gridNote).toBeNull();
    // The recipe draws its rivers and lakes: a pan runs the flow again and they may change.
    expect(session.gridHint?.nodes).toEqual([{ id: 'rivers', title: 'Flow and rivers' }]);
    expect(session.gridHint?.tail).toContain(': a pan runs it again, and the rivers & lakes drawn over this map may come out different');
    // Without them nothing the map draws depends on the flow: nothing to say.
    session.setRivers({ on: false });
    expect(session.gridHint).toBeNull();
    session.setRivers({ on: true });
    expect(session.gridHint).not.toBeNull();
    // With a world around the view the flow runs on it and a pan keeps its rivers: nothing to say.
    core.setWorld({ x: -1, y: -1, size: 3 });
    expect(session.gridHint).toBeNull();
    // A view moved out of the world runs it on the view again, and the line says so, not that the world holds it.
    core.setView({ x: 4, y: 0 });
    expect(session.gridHint?.tail).toContain("runs on the whole view here, not on the graph's world (3 × 3 views from (−1, −1))");
    await settle();
  });

  it('does not show under an output of a graph whose erosion draws nothing over the map', async () => {
    const { core, session, settle } = setup(read('eroded-valleys.json'));
    await settle();
    core.select(['moistNoise']);
    await settle();
    expect(session.node).toBe('moistNoise');
    expect(session.gridNote).toBeNull();
    expect(session.gridHint).toBeNull();
  });
});

describe('where the sea of a height field is decided', () => {
  it('is the nearest node downstream with a terrain output, by its title; a bypassed one decides none', () => {
    const g = read('eroded-valleys.json');
    expect(seaDownstream(g, 'erosion')).toBe('Water level');
    expect(seaDownstream(g, 'height')).toBe('Water level');
    expect(seaDownstream(g, 'biomes')).toBeNull();
    g.nodes.find((n) => n.id === 'water')!.bypass = true;
    expect(seaDownstream(g, 'erosion')).toBeNull();
  });
});
