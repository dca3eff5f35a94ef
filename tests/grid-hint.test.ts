// What the viewer says of the graph's erosions and flows under a node that depends on none of
// them (session.ts gridBoundRoots, world-note.ts gridHintFor), and where the sea of a height
// field with none is decided (session.ts seaDownstream), on the shipped recipes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/model/format.ts';
import { gridBoundRoots, seaDownstream } from '../src/viewer-core/session.ts';
import { gridHintFor } from '../src/viewer-core/world-note.ts';

const read = (file: string) => parseGraph(readFileSync(`graphs/${file}`, 'utf8'), { file });

describe("the hint to a graph's erosions and flows", () => {
  it('names the first grid-bound nodes only (the erosion, not the flow reading its land), none in a graph without them', () => {
    expect(gridBoundRoots(read('carved-valleys.json'))).toEqual([{ id: 'valleys', title: 'Fluvial erosion' }]);
    expect(gridBoundRoots(read('eroded-valleys.json'))).toEqual([{ id: 'erosion', title: 'Hydraulic erosion' }]);
    expect(gridBoundRoots(read('default.json'))).toEqual([]);
  });

  it('says what they run on, with the world when the graph has one, in one line', () => {
    const one = [{ id: 'valleys', title: 'Fluvial erosion' }];
    expect(gridHintFor(one, undefined)?.tail).toBe(' runs on whole grids, and this output does not depend on it: show it to give the graph a world.');
    expect(gridHintFor(one, { x: -1, y: -1, size: 3 })?.tail).toBe(" runs on the graph's world (3 × 3 views from (−1, −1)); this output does not depend on it.");
    const two = [...one, { id: 'erosion', title: 'Hydraulic erosion' }];
    expect(gridHintFor(two, undefined)?.tail).toBe(' run on whole grids, and this output does not depend on them: show one to give the graph a world.');
    expect(gridHintFor([], undefined)).toBeNull();
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
