// A node dropped on a wire is put on it (Blender's, Gaea's and Houdini's habit), the wire lit
// while the node hovers it, one undo step for the drag and the splice; Alt skips it. Escape
// while a node or a frame is dragged puts them back and files nothing. Real mouse, both sizes.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cardsPlaced, graphText, settle, wirePoint, wires, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';
const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];
/** The moisture noise's wire: long and in the open at fit, so the lit wire shows beside the node. */
const WIRE = 'moistNoise.out>moisture.noise';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/s37-splice-${name}.png` });
}

type Core = { terrainGraph: { core: { graph: { nodes: { id: string; position: [number, number] }[]; frames?: { id: string; position: [number, number] }[] }; undoLabel: string | null; gestureOpen: boolean } } };
const core = <T>(page: Page, read: (c: Core['terrainGraph']['core']) => T) => page.evaluate(`(${read.toString()})(window.terrainGraph.core)`) as Promise<T>;
const position = (page: Page, id: string) => page.evaluate((n) => (window as never as Core).terrainGraph.core.graph.nodes.find((x) => x.id === n)!.position, id);
const undoLabel = (page: Page) => page.evaluate(() => (window as never as Core).terrainGraph.core.undoLabel);

/** The wires lit for a node hovering them, as "key:take" or "key:refuse". */
function litWires(page: Page): Promise<string[]> {
  return page.locator('tg-wire[splice]').evaluateAll((ws) => ws.map((w) => `${(w as HTMLElement & { wireKey: string }).wireKey}:${w.getAttribute('splice')}`));
}

/** Adds a node from the palette at an empty spot near the canvas's bottom left; returns its id. */
async function addFromPalette(page: Page, search: string): Promise<string> {
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  const ids = async () => (await core(page, (c) => c.graph.nodes.map((n) => n.id))) as string[];
  const before = await ids();
  await page.mouse.dblclick(area.x + 150, area.y + area.height - 70);
  await expect.poll(() => page.locator('tg-node-menu').count()).toBe(1);
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await settle(page);
  const added = (await ids()).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0];
}

/** Presses on a node's title and moves the held mouse to a point of the wire (or a point). */
async function hold(page: Page, id: string, onto: string | { x: number; y: number }): Promise<void> {
  // A params card opened by a press waits for its place and may move the view: measured after.
  await cardsPlaced(page);
  const to = typeof onto === 'string' ? await wirePoint(page, onto) : onto;
  const box = (await page.locator(`tg-node[data-node-id="${id}"] header .title`).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
}

for (const size of SIZES) {
  it(`puts a node from the palette on the wire it is dropped on, the wire lit while it hovers, one undo taking back both, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size }, async (page) => {
      const id = await addFromPalette(page, 'blur');
      const before = await graphText(page);
      const at = await position(page, id);
      await hold(page, id, WIRE);
      await expect.poll(() => litWires(page)).toEqual([`${WIRE}:take`]);
      // The node's sockets that would take the wire light too: the node and its card lie over much of it.
      expect(await page.locator(`tg-node[data-node-id="${id}"] rete-ref[data-wire-hint="take"]`).evaluateAll((refs) => refs.map((r) => r.getAttribute('data-socket')).sort())).toEqual(['input:in', 'output:out']);
      await shot(page, `hover-${size.width}`);
      await page.mouse.up();
      await settle(page);
      expect(await litWires(page)).toEqual([]);
      expect(await page.locator('tg-node rete-ref[data-wire-hint]').count()).toBe(0);
      const now = await wires(page);
      expect(now).not.toContain(WIRE);
      expect(now).toContain(`moistNoise.out>${id}.in`);
      expect(now).toContain(`${id}.out>moisture.noise`);
      expect(await position(page, id)).not.toEqual(at);
      expect(await undoLabel(page)).toBe('insert Blur');
      await shot(page, `dropped-${size.width}`);
      await page.keyboard.press('Control+z');
      await settle(page);
      expect(await graphText(page)).toBe(before);
    });
  }, 240_000);

  it(`puts a node and a frame back where they were on Escape during their drag, filing nothing, at ${size.width} × ${size.height}`, async () => {
    await withApp({ viewport: size }, async (page) => {
      const before = await graphText(page);
      const at = await position(page, 'cont');
      const title = (await page.locator('tg-node[data-node-id="cont"] header .title').boundingBox())!;
      await hold(page, 'cont', { x: title.x + title.width / 2 + 90, y: title.y + 120 });
      await expect.poll(() => position(page, 'cont')).not.toEqual(at);
      expect(await core(page, (c) => c.gestureOpen)).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => position(page, 'cont')).toEqual(at);
      // The pointer still held and moved: the node stays put; let go, nothing is filed.
      await page.mouse.move(title.x + 200, title.y + 200, { steps: 5 });
      await page.mouse.up();
      await settle(page);
      expect(await position(page, 'cont')).toEqual(at);
      expect(await core(page, (c) => c.gestureOpen)).toBe(false);
      expect(await undoLabel(page)).toBeNull();
      expect(await graphText(page)).toBe(before);
      // Escape kept the selection (it clears it when no drag is held).
      expect(await core(page, (c) => [...(c as unknown as { selection: Set<string> }).selection])).toEqual(['cont']);

      // A frame around it, then its title bar dragged and let go with Escape: frame and node back.
      await page.keyboard.press('Control+g');
      await settle(page);
      const framed = await graphText(page);
      const label = await undoLabel(page);
      const bar = (await page.locator('tg-frame header').boundingBox())!;
      await page.mouse.move(bar.x + 30, bar.y + bar.height / 2);
      await page.mouse.down();
      await page.mouse.move(bar.x + 130, bar.y + 90, { steps: 10 });
      await expect.poll(() => position(page, 'cont')).not.toEqual(at);
      await shot(page, `frame-held-${size.width}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => position(page, 'cont')).toEqual(at);
      await page.mouse.move(bar.x + 200, bar.y + 150, { steps: 5 });
      await page.mouse.up();
      await settle(page);
      expect(await graphText(page)).toBe(framed);
      expect(await undoLabel(page)).toBe(label);
      await shot(page, `frame-escaped-${size.width}`);
    });
  }, 240_000);
}

it('skips the wire with Alt held, says why a node that does not fit it is not put on it, and only moves a node already wired', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    const blur = await addFromPalette(page, 'blur');
    const before = await wires(page);
    // Alt held while it hovers and is let go: no wire lit, only a move.
    await hold(page, blur, WIRE);
    await expect.poll(() => litWires(page)).toEqual([`${WIRE}:take`]);
    await page.keyboard.down('Alt');
    await expect.poll(() => litWires(page)).toEqual([]);
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await settle(page);
    expect(await wires(page)).toEqual(before);
    expect(await undoLabel(page)).toBe('move');

    // The Blur takes the water's terrain (as a field) but gives a field, which the coast
    // distance's terrain input does not take: lit as refused, and the drop says why.
    const TERRAIN = 'water.terrain>coast.terrain';
    await hold(page, blur, TERRAIN);
    await expect.poll(() => litWires(page)).toEqual([`${TERRAIN}:refuse`]);
    await shot(page, 'refused-hover-1600');
    await page.mouse.up();
    await settle(page);
    await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/^Not put on the wire: cannot wire Blur \(blur\)'s out \(field\) to .*'s terrain \(terrain\): a terrain input needs a sea level/);
    expect(await wires(page)).toEqual(before);
    expect(await undoLabel(page)).toBe('move');
    await shot(page, 'refused-1600');

    // The PV curve is wired: dragged over a wire, nothing is lit and it is only moved.
    await hold(page, 'pvCurve', WIRE);
    await settle(page);
    expect(await litWires(page)).toEqual([]);
    await page.mouse.up();
    await settle(page);
    expect(await wires(page)).toEqual(before);
  });
}, 240_000);

it('puts out the lit wire when the node held over it is deleted, and says no refusal when it is let go', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    const blur = await addFromPalette(page, 'blur');
    const before = await wires(page);
    await hold(page, blur, WIRE);
    await expect.poll(() => litWires(page)).toEqual([`${WIRE}:take`]);
    await page.keyboard.press('Delete');
    await settle(page);
    expect(await core(page, (c) => c.graph.nodes.some((n) => n.id === 'blur'))).toBe(false);
    // The node is gone: no wire stays lit for it to go on.
    expect(await litWires(page)).toEqual([]);
    await page.mouse.up();
    await settle(page);
    // Let go, nothing is refused: the node was deleted, not refused by the wire ('there is no node "blur"').
    expect(await page.locator('tg-app .toast').allTextContents()).not.toContainEqual(expect.stringMatching(/Not put on the wire/));
    expect(await wires(page)).toEqual(before);
    expect(await undoLabel(page)).toBe('delete node');
  });
}, 240_000);
