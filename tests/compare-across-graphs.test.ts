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

  it('keeps asking for the picture of the graph left when another graph opened before it came, and shows it frozen', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    const c = s.session.compare;
    // The pin's request is in flight (a slow engine) when the person opens another graph.
    s.session.pinShown();
    expect(c.picture).toBeNull();
    const name = s.core.graph.name;
    s.core.replaceGraph(PEAKS, 'open', 'terrain-peaks.json');
    await s.settle();
    expect([c.frozen, c.pin!.graph, c.message]).toEqual([true, name, null]);
    const frozen = c.picture!;
    expect(frozen.image).toBeTruthy();
    // The picture of the graph left, not of the one open now: what the pin draws back on that graph.
    s.core.undo();
    await s.settle();
    c.unpin();
    s.session.pinShown();
    await s.settle();
    expect(c.picture).not.toBe(frozen);
    expect(Buffer.from(frozen.image.rgba).equals(Buffer.from(c.picture!.image.rgba))).toBe(true);
  });

  it('asks again for the graph left when a second graph opens before the picture came, and not for the open one', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    const c = s.session.compare;
    s.session.pinShown();
    await s.settle();
    const own = c.picture!;
    c.unpin();
    s.session.pinShown();
    s.core.replaceGraph(PEAKS, 'open');
    s.core.replaceGraph(parseGraph(readFileSync('graphs/terrain-cliff.json', 'utf8')), 'open');
    await s.settle();
    expect(c.frozen).toBe(true);
    expect(Buffer.from(c.picture!.image.rgba).equals(Buffer.from(own.image.rgba))).toBe(true);
  });

  it('shows the picture of the graph as it was when frozen by hand before its picture came', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    const c = s.session.compare;
    s.session.pinShown();
    c.setFrozen(true);
    s.core.setParam('wind', 'lift', 2);
    await s.settle();
    const frozen = c.picture!;
    expect([c.frozen, c.message, c.owed]).toEqual([true, null, null]);
    expect(frozen.image).toBeTruthy();
    s.core.undo();
    c.unpin();
    s.session.pinShown();
    await s.settle();
    expect(c.picture).not.toBe(frozen);
    expect(Buffer.from(frozen.image.rgba).equals(Buffer.from(c.picture!.image.rgba))).toBe(true);
  });
  it('still gets the picture owed when frozen by hand before it came, another graph opened and undone before it came', async () => {
    const s = setup();
    s.core.select(['biomes']);
    await s.settle();
    const c = s.session.compare;
    s.session.pinShown();
    c.setFrozen(true);
    s.core.replaceGraph(PEAKS, 'open');
    s.core.undo();
    await s.settle();
    expect([c.frozen, c.pin!.graph, c.message]).toEqual([true, undefined, null]);
    // Frozen with no picture and nothing asked, it said "drawing…" for good.
    expect(c.picture?.image).toBeTruthy();
    expect(c.owed).toBeNull();
  });
});
