// Wiring with the real mouse: a refused wire says why and leaves the old wire, a node added
// from the menu and wired in changes the pictures downstream, a wire dropped on empty canvas
// offers the nodes that can take it.
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, dragWire, nodePixels, screenshot, settle, socketCenter, wirePoint, wires } from './harness.ts';

describe('wiring on the canvas', () => {
  const app = appPerTest();

  it('refuses a field wired into a terrain input, says why, and keeps the wire that was there', async () => {
    const before = await wires(app.s.page);
    expect(before).toContain('water.terrain>coast.terrain');
    const coastBefore = await nodePixels(app.s.page, 'coast');
    await dragWire(app.s.page, ['height', 'out'], ['coast', 'terrain']);
    const toast = app.s.page.locator('tg-app .toast');
    await expect.poll(() => toast.textContent()).toMatch(/needs a sea level/);
    await screenshot(app.s.page, 'wiring-refused');
    await settle(app.s.page);
    expect(await wires(app.s.page)).toEqual(before);
    expect(await app.s.page.locator('tg-wire svg[data-wire="water.terrain>coast.terrain"]').count()).toBe(1);
    expect(await nodePixels(app.s.page, 'coast')).toEqual(coastBefore);
    // Nothing happened, so there is nothing to undo.
    expect(await app.s.page.evaluate(() => (window as never as { terrainGraph: { core: { canUndo: boolean } } }).terrainGraph.core.canUndo)).toBe(false);
  });

  it('replaces the wire into an input when a fitting wire is dropped on it, as one undo step', async () => {
    await dragWire(app.s.page, ['pv', 'out'], ['contCurve', 'in']);
    await settle(app.s.page);
    const after = await wires(app.s.page);
    expect(after).toContain('pv.out>contCurve.in');
    expect(after).not.toContain('cont.out>contCurve.in');
    await app.s.page.keyboard.press('Control+z');
    await settle(app.s.page);
    expect(await wires(app.s.page)).toContain('cont.out>contCurve.in');
    expect(await wires(app.s.page)).not.toContain('pv.out>contCurve.in');
  });

  it('adds a node from the right-click menu, and wiring it in changes the pictures downstream', async () => {
    const moistureBefore = await nodePixels(app.s.page, 'moisture');
    const biomesBefore = await nodePixels(app.s.page, 'biomes');
    const area = await app.s.page.locator('tg-app .canvas').boundingBox();
    // Empty canvas below the noise nodes.
    const at = { x: area!.x + 140, y: area!.y + area!.height - 120 };
    await app.s.page.mouse.click(at.x, at.y, { button: 'right' });
    const menu = app.s.page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    expect(await menu.locator('.group').allTextContents()).toEqual(['Terrain', 'Water', 'Climate']);
    await app.s.page.keyboard.type('fbm');
    await screenshot(app.s.page, 'wiring-menu');
    await menu.locator('.item[data-type="fbm"]').click();
    await settle(app.s.page);
    const added = await app.s.page.evaluate(() => [...(window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection]);
    expect(added).toEqual(['fbm']);
    expect(await app.s.page.locator('tg-node[data-node-id="fbm"]').count()).toBe(1);
    // A different seed, so the new noise differs from every noise already in the graph.
    const seed = app.s.page.locator('tg-node[data-node-id="fbm"] tg-param[name="seed"] input[type="number"]');
    await seed.fill('4242');
    await seed.press('Enter');
    await dragWire(app.s.page, ['fbm', 'out'], ['moisture', 'noise']);
    await settle(app.s.page);
    expect(await wires(app.s.page)).toContain('fbm.out>moisture.noise');
    await screenshot(app.s.page, 'wiring-added-node');
    expect((await nodePixels(app.s.page, 'moisture')).hash).not.toBe(moistureBefore.hash);
    expect((await nodePixels(app.s.page, 'biomes')).hash).not.toBe(biomesBefore.hash);
  });

  it('offers only the nodes that can take a wire dropped on empty canvas, and wires the one chosen', async () => {
    const from = await socketCenter(app.s.page, 'water', 'output', 'terrain');
    const area = await app.s.page.locator('tg-app .canvas').boundingBox();
    await drag(app.s.page, from, { x: area!.x + 160, y: area!.y + area!.height - 100 });
    const menu = app.s.page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    const offered = await menu.locator('.item').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.type}.${(e as HTMLElement).dataset.port}`));
    expect(offered).toContain('coast.terrain');
    expect(offered).toContain('curve.in');
    expect(offered).not.toContain('fbm.undefined');
    await screenshot(app.s.page, 'wiring-drop-menu');
    await menu.locator('.item[data-type="rank"]').click();
    await settle(app.s.page);
    expect(await wires(app.s.page)).toContain('water.terrain>rank2.terrain');
  });

  it('selects a wire with a click, cuts it with Delete, and undo brings it back', async () => {
    const page = app.s.page;
    const key = 'moistNoise.out>moisture.noise';
    const at = await wirePoint(page, key);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.locator(`tg-wire svg[data-wire="${key}"].selected`).count()).toBe(1);
    await screenshot(page, 'wiring-wire-selected');
    await page.keyboard.press('Delete');
    await settle(page);
    expect(await wires(page)).not.toContain(key);
    expect(await page.locator(`tg-wire svg[data-wire="${key}"]`).count()).toBe(0);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await wires(page)).toContain(key);
  });

  it('shows the error of a failing node on the node while the others keep working', async () => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(area.x + 150, area.y + area.height - 150, { button: 'right' });
    await page.keyboard.type('chain');
    await page.keyboard.press('Enter');
    await settle(page);
    expect(await page.locator('tg-node[data-node-id="chain"]').count()).toBe(1);
    // An unwired selector: the node says what it waits for.
    await expect.poll(() => page.locator('tg-node[data-node-id="chain"] tg-preview .message').textContent()).toContain('not wired');
    await dragWire(page, ['cont', 'out'], ['chain', 'selector']);
    await dragWire(page, ['eros', 'out'], ['chain', 'in0']);
    await dragWire(page, ['pv', 'out'], ['chain', 'in1']);
    await dragWire(page, ['cont', 'out'], ['chain', 'in3']);
    await settle(page);
    // Three wired inputs and two knots: the kernel refuses, and the node shows why.
    const message = page.locator('tg-node[data-node-id="chain"] tg-preview .message.failed');
    await expect.poll(() => message.textContent()).toContain('3 inputs are wired (in0, in1, in3) but 2 knots are given');
    await screenshot(page, 'wiring-failing-node');
    const states = await page.evaluate(() => {
      const tg = (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } }; previews: { get(id: string): { state: string } } } }).terrainGraph;
      return tg.core.graph.nodes.filter((n) => n.id !== 'chain').map((n) => tg.previews.get(n.id).state);
    });
    expect(new Set(states)).toEqual(new Set(['ok']));
    // Adding the missing knots fixes it.
    const knots = page.locator('tg-node[data-node-id="chain"] tg-param[name="knots"] input');
    await knots.fill('-0.3, 0, 0.2');
    await knots.press('Enter');
    await settle(page);
    await expect.poll(() => page.evaluate(() => (window as never as { terrainGraph: { previews: { get(id: string): { state: string } } } }).terrainGraph.previews.get('chain').state)).toBe('ok');
  });

  it('moves a wire picked off its input to another input in one undo step, and puts it back when the drop is refused', async () => {
    const page = app.s.page;
    const before = await wires(page);
    // Off moisture.noise and onto temperature.noise: the wire moves.
    await drag(page, await socketCenter(page, 'moisture', 'input', 'noise'), await socketCenter(page, 'temperature', 'input', 'noise'));
    await settle(page);
    let now = await wires(page);
    expect(now).toContain('moistNoise.out>temperature.noise');
    expect(now).not.toContain('moistNoise.out>moisture.noise');
    expect(now).not.toContain('tempNoise.out>temperature.noise');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await wires(page)).sort()).toEqual([...before].sort());
    // Off moisture.noise and onto coast.terrain, which needs a terrain: refused, and it goes back.
    await drag(page, await socketCenter(page, 'moisture', 'input', 'noise'), await socketCenter(page, 'coast', 'input', 'terrain'));
    await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/needs a sea level/);
    await settle(page);
    now = await wires(page);
    expect(now.sort()).toEqual([...before].sort());
    expect(await page.locator('tg-wire svg[data-wire="moistNoise.out>moisture.noise"]').count()).toBe(1);
  });
  it('lets go of a wire being dragged when Escape is pressed: no wire, no undo step, a picked wire goes back', async () => {
    const page = app.s.page;
    const canUndo = () => page.evaluate(() => (window as never as { terrainGraph: { core: { canUndo: boolean } } }).terrainGraph.core.canUndo);
    const before = (await wires(page)).sort();
    // A new wire from pv.out, Escape over contCurve.in (which would take it), then the drop there.
    /** Presses on `from`, drags over `to`, presses Escape there, then lets go. */
    const dragThenEscape = async (from: { x: number; y: number }, to: { x: number; y: number }, shot?: string) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 12 });
      await page.keyboard.press('Escape');
      if (shot) await screenshot(page, shot);
      await page.mouse.up();
      await settle(page);
    };
    await dragThenEscape(await socketCenter(page, 'pv', 'output', 'out'), await socketCenter(page, 'contCurve', 'input', 'in'), 'wiring-escape');
    expect((await wires(page)).sort()).toEqual(before);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    expect(await canUndo()).toBe(false);
    // A wire picked off its input, Escape over another input: it goes back where it was.
    await dragThenEscape(await socketCenter(page, 'moisture', 'input', 'noise'), await socketCenter(page, 'temperature', 'input', 'noise'));
    expect((await wires(page)).sort()).toEqual(before);
    expect(await page.locator('tg-wire svg[data-wire="moistNoise.out>moisture.noise"]').count()).toBe(1);
    expect(await canUndo()).toBe(false);
  });
});
