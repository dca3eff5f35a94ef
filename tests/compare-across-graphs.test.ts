// The compare pin when another graph replaces the one it was pinned on (src/viewer-core/compare.ts
// graphReplaced), headless: it keeps its picture, frozen and named after its graph, and comes
// back as it was when undo brings that graph back, frozen still if the person had frozen it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { setup } from './helpers/viewer-setup.ts';

const PEAKS = parseGraph(readFileSync('graphs/terrain-peaks.json', 'utf8'));

describe('the compare pin across graphs', () => {
  it('freezes on Open, keeps the old picture, comes back live on undo and frozen on redo', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    s.session.pinShown();
    await s.settle();
    const c = s.session.compare;
    const picture = c.picture!;
    expect(picture.image).toBeTruthy();
    const name = s.core.graph.name;
    s.core.replaceGraph(PEAKS, 'open', 'terrain-peaks.json');
    await s.settle();
    expect([c.frozen, c.pin!.graph, c.picture]).toEqual([true, name, picture]);
    s.core.undo();
    await s.settle();
    expect([c.frozen, c.pin!.graph, c.left]).toEqual([false, undefined, null]);
    s.core.redo();
    await s.settle();
    expect([c.frozen, c.pin!.graph]).toEqual([true, name]);
    // Unticking freeze follows the node id in the graph open now: the person asked for it.
    c.setFrozen(false);
    await s.settle();
    expect([c.pin!.graph, c.left]).toEqual([undefined, null]);
    expect(Buffer.from(c.picture!.image.rgba).equals(Buffer.from(picture.image.rgba))).toBe(false);
  });

  it('stays frozen after the undo when the person had frozen it, and stays put through a second Open', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    s.session.pinShown();
    await s.settle();
    const c = s.session.compare;
    c.setFrozen(true);
    const name = s.core.graph.name;
    s.core.replaceGraph(PEAKS, 'open');
    s.core.replaceGraph(parseGraph(readFileSync('graphs/terrain-cliff.json', 'utf8')), 'open');
    await s.settle();
    expect([c.frozen, c.pin!.graph]).toEqual([true, name]);
    s.core.undo();
    expect([c.frozen, c.pin!.graph]).toEqual([true, name]);
    s.core.undo();
    expect([c.frozen, c.pin!.graph, c.left]).toEqual([true, undefined, null]);
  });
});
