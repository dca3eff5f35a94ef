// Undo and redo with the keyboard restore params, wires and nodes exactly.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appPerTest, drag, dragWire, graphText, nodePixels, params, screenshot, settle, showParams, wires } from './harness.ts';

async function key(page: Page, combo: string): Promise<void> {
  await page.keyboard.press(combo);
  await settle(page);
}

describe('undo and redo', () => {
  const app = appPerTest();

  it('restores the previous params and wires, step by step, and redoes them', async () => {
    const page = app.s.page;
    const original = await graphText(page);
    const biomes0 = (await nodePixels(page, 'biomes')).hash;
    const lift0 = (await params(page, 'wind')).lift as number;

    // 1. A typed param.
    await showParams(page, 'wind');
    const lift = page.locator('tg-node[data-node-id="wind"] tg-param[name="lift"] input[type="number"]');
    await lift.fill('2.5');
    await lift.press('Enter');
    await settle(page);
    // Leave the text field, so the shortcuts go to the editor.
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    expect((await params(page, 'wind')).lift).toBe(2.5);
    const afterParam = await graphText(page);

    // 2. A select.
    await showParams(page, 'water');
    await page.locator('tg-node[data-node-id="water"] tg-param[name="mode"] select').selectOption('raw');
    await settle(page);
    expect((await params(page, 'water')).mode).toBe('raw');
    const afterSelect = await graphText(page);

    // 3. A wire replaced by dragging.
    await dragWire(page, ['eros', 'out'], ['pvCurve', 'in']);
    await settle(page);
    expect(await wires(page)).toContain('eros.out>pvCurve.in');
    const afterWire = await graphText(page);
    await screenshot(page, 'history-edited');

    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect(await graphText(page)).toBe(afterSelect);
    expect(await wires(page)).toContain('pv.out>pvCurve.in');
    await key(page, 'Control+z');
    expect(await graphText(page)).toBe(afterParam);
    expect((await params(page, 'water')).mode).toBe('percent');
    await key(page, 'Control+z');
    expect(await graphText(page)).toBe(original);
    expect((await nodePixels(page, 'biomes')).hash).toBe(biomes0);
    // The control shows the restored value, not the typed one.
    await showParams(page, 'wind');
    expect(Number(await page.locator('tg-node[data-node-id="wind"] tg-param[name="lift"] input[type="number"]').inputValue())).toBe(lift0);

    await key(page, 'Control+Shift+z');
    expect(await graphText(page)).toBe(afterParam);
    await key(page, 'Control+Shift+z');
    await key(page, 'Control+Shift+z');
    expect(await graphText(page)).toBe(afterWire);
    // The canvas shows the redone wire, not the old one.
    expect(await page.locator('tg-wire svg[data-wire="eros.out>pvCurve.in"]').count()).toBe(1);
    expect(await page.locator('tg-wire svg[data-wire="pv.out>pvCurve.in"]').count()).toBe(0);
  });

  it('deletes the selected node with Delete and brings it back with its wires on undo', async () => {
    const page = app.s.page;
    const original = await graphText(page);
    await page.locator('tg-node[data-node-id="rank"] header').click();
    await settle(page);
    expect(await page.locator('tg-viewer h2').textContent()).toBe('Land rank');
    await key(page, 'Delete');
    expect(await page.locator('tg-node[data-node-id="rank"]').count()).toBe(0);
    expect((await wires(page)).some((w) => w.includes('rank.'))).toBe(false);
    // Temperature and wind lost their rank input but still work (it is optional).
    expect(await page.evaluate(() => (window as never as { terrainGraph: { previews: { get(id: string): { state: string } } } }).terrainGraph.previews.get('temperature').state)).toBe('ok');
    await key(page, 'Control+z');
    expect(await graphText(page)).toBe(original);
    expect(await page.locator('tg-node[data-node-id="rank"]').count()).toBe(1);
    expect(await page.locator('tg-wire svg[data-wire="rank.out>temperature.rank"]').count()).toBe(1);
  });

  it('moves a selection of nodes together and undoes the move in one step', async () => {
    const page = app.s.page;
    const before = await page.evaluate(() =>
      (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; position: number[] }[] } } } }).terrainGraph.core.graph.nodes.map((n) => [n.id, [...n.position]]),
    );
    const cont = page.locator('tg-node[data-node-id="cont"] header .title');
    const erosBox = (await page.locator('tg-node[data-node-id="eros"]').boundingBox())!;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    // Shift-drag a box from the empty corner to the middle of eros: it touches cont and eros.
    await page.keyboard.down('Shift');
    await drag(page, { x: area.x + 4, y: area.y + 4 }, { x: erosBox.x + erosBox.width / 2, y: erosBox.y + erosBox.height / 2 });
    await page.keyboard.up('Shift');
    const selected = await page.evaluate(() => [...(window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection].sort());
    expect(selected).toEqual(['cont', 'eros']);
    // Ctrl-click takes one out and puts it back.
    await cont.click({ modifiers: ['Control'] });
    expect(await page.evaluate(() => [...(window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection])).toEqual(['eros']);
    await cont.click({ modifiers: ['Control'] });
    const box = (await cont.boundingBox())!;
    await drag(page, { x: box.x + 10, y: box.y + 5 }, { x: box.x + 10, y: box.y + 5 + 60 });
    await settle(page);
    const moved = await page.evaluate(() => {
      const core = (window as never as { terrainGraph: { core: { node(id: string): { position: number[] } } } }).terrainGraph.core;
      return { cont: core.node('cont')!.position, eros: core.node('eros')!.position, pv: core.node('pv')!.position };
    });
    expect(moved.cont[1]).toBeGreaterThan(0);
    const at = Object.fromEntries(before) as Record<string, number[]>;
    expect(moved.eros[1] - at.eros[1]).toBeCloseTo(moved.cont[1] - at.cont[1], 6);
    expect(moved.pv).toEqual(at.pv);
    await key(page, 'Control+z');
    const after = await page.evaluate(() =>
      (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; position: number[] }[] } } } }).terrainGraph.core.graph.nodes.map((n) => [n.id, [...n.position]]),
    );
    expect(after).toEqual(before);
  });

  it('copies and pastes nodes with the wires among them', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="pv"] header .title').click();
    await page.locator('tg-node[data-node-id="pvCurve"] header .title').click({ modifiers: ['Control'] });
    await key(page, 'Control+c');
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.move(area.x + 200, area.y + area.height - 60);
    await key(page, 'Control+v');
    await page.locator('tg-app').evaluate(async (app) => (app as unknown as { canvas: { settled(): Promise<void> } }).canvas.settled());
    expect(await wires(page)).toContain('pv2.out>pvCurve2.in');
    expect(await page.locator('tg-node[data-node-id="pvCurve2"]').count()).toBe(1);
    await key(page, 'Control+z');
    expect(await page.locator('tg-node[data-node-id="pvCurve2"]').count()).toBe(0);
  });
});
