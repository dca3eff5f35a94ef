// The viewer in a real browser: it follows the selection, its provenance equals the engine's
// outputs at the hovered cell, panning moves the world while the world cut holds the sea level,
// a 16-bit export reads back to the field, and a table cell highlights exactly its biome.
// Expected values come from an engine in Node on the graph the page holds.
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import { BIOMES, biomeId } from '../../src/model/biomes.ts';
import type { Graph } from '../../src/model/graph.ts';
import { parseRangedName } from '../../src/render/exports.ts';
import { renderLayer } from '../../src/render/layer.ts';
import { provenanceOrder } from '../../src/viewer-core/provenance.ts';
import { appPerSuite, nodePixels, screenshot, settle, showParams } from './harness.ts';

/** The graph the page holds now. */
async function pageGraph(page: Page): Promise<Graph> {
  return page.evaluate(() => (window as never as { terrainGraph: { core: { snapshot(): unknown } } }).terrainGraph.core.snapshot()) as Promise<Graph>;
}

function engineOf(graph: Graph) {
  const engine = createEngine(graph);
  engine.evaluate();
  return engine;
}

/** Shows the biomes in the viewer; the page's graph, evaluated here, and its biome ids. */
async function showBiomes(page: Page) {
  await select(page, 'biomes');
  const graph = await pageGraph(page);
  const engine = engineOf(graph);
  return { graph, engine, n: graph.view.size, ids: engine.output('biomes')!.data };
}

/** RGBA (or one channel) of a canvas in the viewer's map, read in the page. */
async function canvasBytes(page: Page, selector: string): Promise<{ width: number; height: number; bytes: Buffer }> {
  const r = await page.locator(`tg-map-view ${selector}`).evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let s = '';
    for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, b64: btoa(s) };
  });
  return { width: r.width, height: r.height, bytes: Buffer.from(r.b64, 'base64') };
}

/** The page point at the centre of cell (c, r) of an n grid in the map (at 1×; row 0 = south). */
async function cellPoint(page: Page, n: number, c: number, r: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('tg-map-view .frame').boundingBox())!;
  const cell = box.width / n;
  return { x: box.x + (c + 0.5) * cell, y: box.y + (n - 1 - r + 0.5) * cell };
}

async function select(page: Page, id: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await settle(page);
  await page.waitForFunction((nodeId) => document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector(`h2[data-viewer-node="${nodeId}"]`), id);
}

describe('the viewer', () => {
  const app = appPerSuite();

  it('switches to the selected node and draws its output large, in its palette, beside the canvas', async () => {
    const page = app.s.page;
    const graph = await pageGraph(page);
    const engine = engineOf(graph);
    for (const [id, title] of [['moisture', 'Moisture'], ['water', 'Water level']] as const) {
      await select(page, id);
      expect(await page.locator('tg-viewer h2').textContent()).toBe(title);
      // The picture is the layer at the view's 256², drawn as the command line draws it.
      const map = await canvasBytes(page, 'canvas.map');
      expect([map.width, map.height]).toEqual([256, 256]);
      const expected = renderLayer(engine.output(id)!, 256, {});
      expect(Buffer.compare(map.bytes, Buffer.from(expected.buffer)), id).toBe(0);
      // The wind is drawn over the map when it leads to the node shown (the moisture), not otherwise.
      expect(await page.locator('tg-map-view svg.wind').count()).toBe(id === 'moisture' ? 1 : 0);
      if (id === 'moisture') expect(await page.locator('tg-map-view svg.wind').getAttribute('data-angle')).toBe('0');
    }
    // 512 pixels wide, right of the canvas, not over it.
    const frame = (await page.locator('tg-map-view .frame').boundingBox())!;
    const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
    const panel = (await page.locator('tg-viewer').boundingBox())!;
    expect(frame.width).toBe(512);
    expect(panel.x).toBeGreaterThanOrEqual(canvas.x + canvas.width - 0.5);
    expect(frame.x).toBeGreaterThanOrEqual(panel.x);
    expect(frame.x + frame.width).toBeLessThanOrEqual(panel.x + panel.width);
    // The panel's left edge resizes the map, and the canvas gives way.
    const handle = (await page.locator('tg-viewer .resize').boundingBox())!;
    await page.mouse.move(handle.x + 3, handle.y + 300);
    await page.mouse.down();
    await page.mouse.move(handle.x - 97, handle.y + 300, { steps: 5 });
    await page.mouse.up();
    expect((await page.locator('tg-map-view .frame').boundingBox())!.width).toBe(612);
    expect((await page.locator('tg-app .canvas').boundingBox())!.width).toBeCloseTo(canvas.width - 100, 0);
    await page.mouse.move(handle.x - 97, handle.y + 300);
    await page.mouse.down();
    await page.mouse.move(handle.x + 3, handle.y + 300, { steps: 5 });
    await page.mouse.up();
    expect((await page.locator('tg-map-view .frame').boundingBox())!.width).toBe(512);
    await select(page, 'water');
    await page.locator('tg-viewer input[type="checkbox"]').nth(1).check();
    await settle(page);
    await screenshot(page, 'viewer-water-contours');
    await page.locator('tg-viewer input[type="checkbox"]').nth(1).uncheck();
    await settle(page);
    // A field's figures: its range and mean.
    expect(await page.locator('tg-viewer dt', { hasText: 'min · mean · max' }).count()).toBe(1);
  });

  it("shows, for a hovered cell, its value at every node upstream, equal to the engine's outputs there", async () => {
    const page = app.s.page;
    const { graph, engine, n, ids } = await showBiomes(page);
    // A land cell the table decided (temperate desert): the question "why is it desert?".
    const i = ids.indexOf(biomeId('temperate desert'));
    expect(i).toBeGreaterThanOrEqual(0);
    const c = i % n;
    const r = Math.floor(i / n);
    const at = await cellPoint(page, n, c, r);
    await page.mouse.move(at.x, at.y);
    await settle(page);
    const where = page.locator('tg-provenance .where');
    expect(Number(await where.getAttribute('data-i'))).toBe(i);
    expect(Number(await where.getAttribute('data-x'))).toBeCloseTo(graph.view.x + (c + 0.5) / n, 12);
    expect(Number(await where.getAttribute('data-y'))).toBeCloseTo(graph.view.y + (r + 0.5) / n, 12);
    const rows = await page.locator('tg-provenance tr[data-port]').evaluateAll((trs) =>
      trs.map((tr) => ({ node: (tr as HTMLElement).dataset.node!, port: (tr as HTMLElement).dataset.port!, value: (tr as HTMLElement).dataset.value!, text: tr.textContent ?? '' })),
    );
    // Every output of every node leading to the biomes, upstream to downstream.
    const order = provenanceOrder(graph, 'biomes');
    expect([...new Set(rows.map((x) => x.node))]).toEqual(order);
    for (const row of rows) expect(Number(row.value), `${row.node}.${row.port}`).toBe(engine.output(row.node, row.port)!.data[i]);
    const last = rows.at(-1)!;
    expect(last.text).toContain('temperate desert');
    expect(last.text).toMatch(/cool row, M .* → dry column/);
    expect(rows.find((x) => x.port === 'terrain')!.text).toMatch(/land, .* above the sea/);
    // The answer heads the list, on screen: the biome row itself lies below the fold at 1600 × 1000.
    const answer = page.locator('tg-provenance .answer');
    expect(await answer.getAttribute('data-node')).toBe('biomes');
    expect(await answer.textContent()).toContain('temperate desert');
    expect(await answer.textContent()).toMatch(/cool row, M .* → dry column/);
    expect((await answer.boundingBox())!.y + (await answer.boundingBox())!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await screenshot(page, 'viewer-provenance');

    // Magnified 4× around the pointer, the cell under it is still the one the geometry says.
    for (let k = 0; k < 8; k++) await page.mouse.wheel(0, -100);
    await settle(page);
    const zoom = await page.evaluate(() => (window as never as { terrainGraph: { viewer: { zoom: { z: number; ox: number; oy: number } } } }).terrainGraph.viewer.zoom);
    expect(zoom.z).toBeGreaterThan(3);
    // The point under the pointer stayed: the same cell.
    expect(Number(await where.getAttribute('data-i'))).toBe(i);
    const box = (await page.locator('tg-map-view .frame').boundingBox())!;
    const px = 100;
    const py = 140;
    await page.mouse.move(box.x + px, box.y + py);
    await settle(page);
    const u = (px - zoom.ox) / (512 * zoom.z);
    const v = (py - zoom.oy) / (512 * zoom.z);
    const expected = Math.floor((1 - v) * n) * n + Math.floor(u * n);
    expect(Number(await where.getAttribute('data-i'))).toBe(expected);
    await screenshot(page, 'viewer-zoomed');
    await page.locator('tg-map-view .frame').dblclick({ position: { x: 5, y: 5 } });
    await page.mouse.move(box.x - 40, box.y + 40);
    await settle(page);
  });

  it('highlights exactly the cells of a biome when its table cell is clicked, with its share of the land', async () => {
    const page = app.s.page;
    const { graph, engine, n, ids } = await showBiomes(page);
    // A biome map's figures say how many biomes it holds, not the mean of their ids (3.09).
    expect(await page.locator('tg-viewer .biomes-present').textContent()).toBe(`${new Set(ids).size} on the map`);
    expect(await page.locator('tg-viewer dt', { hasText: 'min · mean · max' }).count()).toBe(0);
    // Temperate desert is in one table cell only (cool, dry): its map cells are those of the biome.
    const desert = biomeId('temperate desert');
    const cell = page.locator('tg-biome-table button[data-biome="temperate desert"]');
    expect(await cell.count()).toBe(1);
    await cell.click();
    await settle(page);
    const veil = await canvasBytes(page, 'canvas.highlight');
    expect([veil.width, veil.height]).toEqual([n, n]);
    let lit = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const shown = veil.bytes[((n - 1 - r) * n + c) * 4 + 3] === 0;
        if (shown) lit++;
        if (shown !== (ids[r * n + c] === desert)) throw new Error(`cell ${c}, ${r}: highlighted ${shown}, biome ${BIOMES[ids[r * n + c]].name}`);
      }
    }
    const land = ids.filter((b) => b !== 0).length;
    expect(lit).toBe(ids.filter((b) => b === desert).length);
    expect(await cell.locator('.share').textContent()).toBe(`${((lit / land) * 100).toFixed(0)} %`);
    await screenshot(page, 'viewer-table-highlight');
    await cell.click();
    await settle(page);
    expect(await page.locator('tg-map-view canvas.highlight').isHidden()).toBe(true);
  });

  it('exports a 16-bit PNG that reads back to the field within 1/65535 of its range, and raw Float32 exactly', async () => {
    const page = app.s.page;
    await select(page, 'height');
    const graph = await pageGraph(page);
    const field = engineOf(graph).output('height')!.data as Float32Array;
    const n = graph.view.size;
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('tg-viewer button[data-format="png16"]').click()]);
    const name = download.suggestedFilename();
    const named = parseRangedName(name)!;
    // The graph's name first (the file it opened from, default.json), then the command line's name.
    expect([named.stem, named.ext]).toEqual(['default.height.out', '16.png']);
    const png = decode(readFileSync((await download.path())!));
    expect([png.width, png.height, png.depth, png.channels]).toEqual([n, n, 16, 1]);
    const min = Number(png.text['terrain-graph:min']);
    const max = Number(png.text['terrain-graph:max']);
    expect([Math.fround(named.min), Math.fround(named.max)]).toEqual([min, max]);
    const span = max - min;
    let worst = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const back = min + ((png.data as Uint16Array)[(n - 1 - r) * n + c] / 65535) * span;
        worst = Math.max(worst, Math.abs(back - field[r * n + c]));
      }
    }
    expect(worst).toBeLessThanOrEqual(span / 65535);
    expect(await page.locator('tg-viewer .exports .note').textContent()).toContain(name);

    const [raw] = await Promise.all([page.waitForEvent('download'), page.locator('tg-viewer button[data-format="raw"]').click()]);
    expect(parseRangedName(raw.suggestedFilename())?.ext).toBe('f32');
    const bytes = readFileSync((await raw.path())!);
    expect(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)).toEqual(field);

    // At a size a game engine imports as it is, chosen by the engine's name: Unity's 1025².
    const sizes = page.locator('tg-viewer select.export-size');
    expect(await sizes.locator('optgroup').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('label')}: ${[...g.querySelectorAll('option')].map((o) => (o as HTMLOptionElement).value).join(' ')}`))).toEqual([
      'Unity: 513 1025 2049',
      'Unreal: 505 1009 2017',
    ]);
    await sizes.selectOption('1025');
    const [unity] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.locator('tg-viewer button[data-format="png16"]').click()]);
    const big = decode(readFileSync((await unity.path())!));
    expect([big.width, big.height, big.depth]).toEqual([1025, 1025, 16]);
    await sizes.selectOption('view');
  });

  it('keeps the world where it is while panning: the biome at a world point stays as the view moves past it', async () => {
    const page = app.s.page;
    const { graph, n } = await showBiomes(page);
    const start = await canvasBytes(page, 'canvas.map');
    expect([start.width, start.height]).toEqual([n, n]);
    const box = (await page.locator('tg-map-view .frame').boundingBox())!;
    const px = box.width / n; // frame pixels per cell
    let moved = { c: 0, r: 0 };
    // Three drags in a row, each west and south by whole cells: the world slides east and north.
    for (const [dc, dr] of [[20, 12], [24, 6], [16, 18]] as const) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let k = 1; k <= 4; k++) await page.mouse.move(box.x + box.width / 2 - (dc * px * k) / 4, box.y + box.height / 2 + (dr * px * k) / 4);
      await page.mouse.up();
      await settle(page);
      moved = { c: moved.c + dc, r: moved.r + dr };
      const view = (await pageGraph(page)).view;
      expect(view).toEqual({ ...graph.view, x: graph.view.x + moved.c / n, y: graph.view.y + moved.r / n });
      // World cell (c, r) of the first view is cell (c − moved.c, r − moved.r) now; canvas rows run north to south.
      const changed = async () => {
        const now = await canvasBytes(page, 'canvas.map');
        let cells = 0;
        let off = 0;
        for (let y = 1; y < n - 1 - moved.r; y++) {
          for (let x = 1 + moved.c; x < n - 1; x++) {
            cells++;
            if (start.bytes.readUInt32LE((y * n + x) * 4) !== now.bytes.readUInt32LE(((y + moved.r) * n + (x - moved.c)) * 4)) off++;
          }
        }
        expect(cells).toBeGreaterThan(0.3 * n * n);
        return off;
      };
      // Polled to exact equality: a full browser run once read the map before the panned picture landed.
      await expect.poll(changed, { message: `overlapping cells changed colour after panning ${moved.c}, ${moved.r} cells`, timeout: 10_000 }).toBe(0);
    }
    await screenshot(page, 'viewer-biomes-panned');
    for (let k = 0; k < 3; k++) await page.keyboard.press('Control+z');
    await settle(page);
    expect((await pageGraph(page)).view).toEqual(graph.view);
  });

  it('pans the world by dragging the map: the noise changes, and with the world cut the sea level stays', async () => {
    const page = app.s.page;
    // Selected first: its params show in its card (a second press on the title soon after would rename it).
    await select(page, 'water');
    await showParams(page, 'water');
    await page.locator('tg-node[data-node-id="water"] tg-param[name="cut"] select').selectOption('world');
    await settle(page);
    const before = await pageGraph(page);
    const seaLevel = Number(await page.locator('tg-viewer dd.sea-level').getAttribute('data-value'));
    expect(seaLevel).toBe((engineOf(before).output('water', 'terrain') as { seaLevel: number }).seaLevel);
    const noise = await nodePixels(page, 'cont');
    const box = (await page.locator('tg-map-view .frame').boundingBox())!;
    await page.mouse.move(box.x + 300, box.y + 300);
    await page.mouse.down();
    for (let k = 1; k <= 12; k++) await page.mouse.move(box.x + 300 - 10 * k, box.y + 300 + 6 * k);
    await screenshot(page, 'viewer-dragging');
    await page.mouse.up();
    await settle(page);

    const after = await pageGraph(page);
    // Dragged 120 px west and 72 px south: the world moves 120/512 east and 72/512 north.
    expect(after.view).toEqual({ x: 120 / 512, y: 72 / 512, size: 256 });
    expect((await nodePixels(page, 'cont')).hash).not.toBe(noise.hash);
    const engine = engineOf(after);
    expect(Number(await page.locator('tg-viewer dd.sea-level').getAttribute('data-value'))).toBe(seaLevel);
    expect((engine.output('water', 'terrain') as { seaLevel: number }).seaLevel).toBe(seaLevel);
    // The map shows the world at the new origin.
    const map = await canvasBytes(page, 'canvas.map');
    expect(Buffer.compare(map.bytes, Buffer.from(renderLayer(engine.output('water')!, 256, {}).buffer))).toBe(0);
    // With the view cut the same pan would have moved the sea level: the test can tell.
    const viewCut = structuredClone(after);
    viewCut.nodes.find((nd) => nd.id === 'water')!.params.cut = 'view';
    const beforeView = structuredClone(before);
    beforeView.nodes.find((nd) => nd.id === 'water')!.params.cut = 'view';
    expect((engineOf(viewCut).output('water', 'terrain') as { seaLevel: number }).seaLevel).not.toBe((engineOf(beforeView).output('water', 'terrain') as { seaLevel: number }).seaLevel);
    await screenshot(page, 'viewer-panned');
    // One pan is one undo step, and the view is part of the graph file.
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await pageGraph(page)).view).toEqual(before.view);

    // The origin and the resolution are edited in the panel, undoable, and saved with the graph.
    await page.locator('tg-viewer input.x').fill('0.5');
    await page.locator('tg-viewer input.x').press('Enter');
    await page.locator('tg-viewer select.size').selectOption('128');
    await settle(page);
    expect((await pageGraph(page)).view).toEqual({ x: 0.5, y: 0, size: 128 });
    const saved = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: unknown } } }).terrainGraph.core.graph);
    expect((saved as Graph).view).toEqual({ x: 0.5, y: 0, size: 128 });
    const small = await canvasBytes(page, 'canvas.map');
    expect([small.width, small.height]).toEqual([128, 128]);
    expect(Buffer.compare(small.bytes, Buffer.from(renderLayer(engineOf(await pageGraph(page)).output('water')!, 128, {}).buffer))).toBe(0);
    // (Out of the text field first: in one, Ctrl+Z undoes its typing.)
    await page.locator('tg-viewer input.x').blur();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await pageGraph(page)).view).toEqual(before.view);
  });
  it('offers height tints by height or by share for a terrain only: a height field has no sea level to band around', async () => {
    const page = app.s.page;
    const tints = page.locator('tg-viewer [aria-label="height tints"] button');
    // The water's terrain: the two tints draw two pictures, as the engine in Node does.
    await select(page, 'water');
    await expect.poll(() => tints.allTextContents()).toEqual(['by height', 'by share']);
    await tints.filter({ hasText: 'by share' }).click();
    await settle(page);
    const engine = engineOf(await pageGraph(page));
    const byShare = await canvasBytes(page, 'canvas.map');
    expect(Buffer.compare(byShare.bytes, Buffer.from(renderLayer(engine.output('water')!, 256, { heightMode: 'share' }).buffer))).toBe(0);
    expect(Buffer.compare(byShare.bytes, Buffer.from(renderLayer(engine.output('water')!, 256, { heightMode: 'height' }).buffer))).not.toBe(0);
    await tints.filter({ hasText: 'by height' }).click();
    await settle(page);
    // C + E · PV, a height with no sea level, is drawn in its ramp whatever the tint: the two
    // buttons were offered and "by share" changed nothing. Shading and contours still apply.
    await select(page, 'height');
    await expect.poll(() => page.locator('tg-viewer .bar.style label').allTextContents()).toEqual([' hill-shading', ' contours']);
    expect(await tints.count()).toBe(0);
    await screenshot(page, 'viewer-height-field');
  });
});
