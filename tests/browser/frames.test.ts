// Frames and reroute dots driven with the real mouse and keyboard: a frame around selected nodes
// that carries them when dragged, renamed, recoloured and resized; dots added on a wire, dragged
// and removed; every step undoable, and all of it kept by a reload, Save as and copy/paste.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, cardsPlaced, drag, nodePixels, screenshot, settle, socketCenter, waitForPreviews } from './harness.ts';
import { CURRENT_VERSION } from '../../src/model/migrations.ts';

interface FrameRec {
  id: string;
  title: string;
  color: string;
  position: [number, number];
  size: [number, number];
}

const frames = (page: Page) => page.evaluate(() => structuredClone((window as never as { terrainGraph: { core: { graph: { frames: FrameRec[] } } } }).terrainGraph.core.graph.frames));
const position = (page: Page, id: string) =>
  page.evaluate((nid) => [...(window as never as { terrainGraph: { core: { node(id: string): { position: [number, number] } } } }).terrainGraph.core.node(nid)!.position], id);
const via = (page: Page, key: string) =>
  page.evaluate(
    (k) => structuredClone((window as never as { terrainGraph: { core: { graph: { edges: { from: { node: string; port: string }; to: { node: string; port: string }; via?: number[][] }[] } } } }).terrainGraph.core.graph.edges.find((e) => `${e.from.node}.${e.from.port}>${e.to.node}.${e.to.port}` === k)?.via ?? []),
    key,
  );
const zoom = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: { app: { canvas: { area: { area: { transform: { k: number } } } } } } }).terrainGraph.app.canvas.area.area.transform.k);

/** Presses on a node's title, with Ctrl held to add it to the selection. */
async function pick(page: Page, id: string, add = false): Promise<void> {
  const title = page.locator(`tg-node[data-node-id="${id}"] header .title`);
  if (add) await title.click({ modifiers: ['Control'] });
  else await title.click();
}

/** A long wire of the default graph, and the short one between the two nodes framed below. */
const WIRE = 'contCurve.out>height.base';
const SHORT = 'cont.out>contCurve.in';

/** The first point from `share` on along a wire that no node covers, in page pixels. */
async function openPoint(page: Page, key: string, share: number): Promise<{ x: number; y: number }> {
  for (let t = share; t < 1; t += 0.05) {
    const p = await along(page, key, t);
    const top = await page.evaluate(([x, y]) => {
      let el: Element | null = document.elementFromPoint(x, y);
      while (el?.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === el) break;
        el = inner;
      }
      return el?.getAttribute('class') ?? '';
    }, [p.x, p.y]);
    if (top === 'hit') return p;
  }
  throw new Error(`no open point on ${key}`);
}

/** A point a share of the way along a wire, in page pixels. */
async function along(page: Page, key: string, share: number): Promise<{ x: number; y: number }> {
  return page.locator(`tg-wire svg[data-wire="${key}"] path.hit`).evaluate((path: SVGPathElement, t) => {
    const p = path.getPointAtLength(path.getTotalLength() * t);
    const m = path.getScreenCTM()!;
    return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
  }, share);
}

describe('frames and reroutes', () => {
  const app = appPerTest();

  it('frames the selected nodes with Ctrl+G; dragging its title bar carries them; undo, redo; renamed, recoloured, resized; kept by a reload', async () => {
    const page = app.s.page;
    await pick(page, 'cont');
    await pick(page, 'contCurve', true);
    await page.keyboard.press('Control+g');
    await expect.poll(async () => (await frames(page)).length).toBe(1);
    const frame = page.locator('tg-frame');
    await expect.poll(() => frame.count()).toBe(1);
    const [made] = await frames(page);
    // The frame holds both nodes, and is drawn behind them.
    const fbox = (await frame.boundingBox())!;
    for (const id of ['cont', 'contCurve']) {
      const b = (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!;
      expect(b.x).toBeGreaterThan(fbox.x);
      expect(b.x + b.width).toBeLessThan(fbox.x + fbox.width);
      expect(b.y + b.height).toBeLessThan(fbox.y + fbox.height);
    }

    // Rename by double-clicking the title.
    await page.locator('tg-frame header .title').dblclick();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Continent');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await frames(page))[0].title).toBe('Continent');

    // The colour dot gives the next colour; the corner resizes (one undo step each).
    const k = await zoom(page);
    await page.locator('tg-frame .swatch').click();
    await expect.poll(async () => (await frames(page))[0].color).toBe('green');
    const corner = (await page.locator('.tg-frame-grip').boundingBox())!;
    await drag(page, { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, { x: corner.x + corner.width / 2 + 100, y: corner.y + corner.height / 2 + 50 });
    await expect.poll(async () => (await frames(page))[0].size[0]).toBeGreaterThan(made.size[0] + 100 / k - 2);
    const grown = (await frames(page))[0].size;
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await frames(page))[0].size).toEqual(made.size);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await frames(page))[0].size).toEqual(grown);

    // Drag the title bar: the frame and both nodes inside move by the same amount; others stay.
    const before = { cont: await position(page, 'cont'), curve: await position(page, 'contCurve'), pv: await position(page, 'pv') };
    const bar = (await page.locator('tg-frame header').boundingBox())!;
    const from = { x: bar.x + 40, y: bar.y + bar.height / 2 };
    await drag(page, from, { x: from.x + 160, y: from.y + 90 });
    await settle(page);
    const moved = (await frames(page))[0];
    const d = [moved.position[0] - made.position[0], moved.position[1] - made.position[1]];
    expect(Math.abs(d[0] - 160 / k)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(d[1] - 90 / k)).toBeLessThanOrEqual(1.5);
    expect(await position(page, 'cont')).toEqual([before.cont[0] + d[0], before.cont[1] + d[1]]);
    expect(await position(page, 'contCurve')).toEqual([before.curve[0] + d[0], before.curve[1] + d[1]]);
    expect(await position(page, 'pv')).toEqual(before.pv);
    // The node views followed on screen too.
    const nodeBox = (await page.locator('tg-node[data-node-id="cont"]').boundingBox())!;
    const frameBox = (await frame.boundingBox())!;
    expect(nodeBox.x - frameBox.x).toBeCloseTo((before.cont[0] - made.position[0]) * k, 0);

    // One undo puts frame and nodes back; redo moves them again.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await frames(page))[0].position).toEqual(made.position);
    expect(await position(page, 'cont')).toEqual(before.cont);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await frames(page))[0].position).toEqual(moved.position);
    expect(await position(page, 'contCurve')).toEqual([before.curve[0] + d[0], before.curve[1] + d[1]]);

    await settle(page);
    const kept = await frames(page);
    await screenshot(page, 'frames-1600');

    // Autosaved (a change still waiting for its autosave is written as the page goes): a reload
    // brings the frame back as it was.
    await page.reload();
    await waitForPreviews(page);
    expect(await frames(page)).toEqual(kept);
    await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
    expect(await page.locator('tg-frame header .title').textContent()).toBe('Continent');

    // Selected by its title bar and deleted with Delete: its nodes stay; undo brings it back.
    await page.locator('tg-frame header .title').click();
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await frames(page)).length).toBe(0);
    expect(await position(page, 'cont')).toEqual([before.cont[0] + d[0], before.cont[1] + d[1]]);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await frames(page)).length).toBe(1);
  });

  it('adds a reroute dot by double-clicking a wire, drags it, removes it with Alt-click; undo and redo; the pictures do not change; kept by a reload', async () => {
    const page = app.s.page;
    const biomes = await nodePixels(page, 'biomes');
    const p = await along(page, WIRE, 0.35);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(1);
    const dot = page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`);
    await expect.poll(() => dot.count()).toBe(1);
    // The dot sits where the wire was double-clicked, and the wire passes through it.
    const box = (await dot.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - p.x)).toBeLessThan(3);
    expect(Math.abs(box.y + box.height / 2 - p.y)).toBeLessThan(3);

    // Drag the dot up and right, into empty canvas: the model and the drawn wire follow.
    const k = await zoom(page);
    const [[x0, y0]] = await via(page, WIRE);
    await drag(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, { x: box.x + box.width / 2 + 60, y: box.y + box.height / 2 - 130 });
    await expect.poll(async () => Math.abs((await via(page, WIRE))[0][1] - (y0 - 130 / k))).toBeLessThanOrEqual(1.5);
    const [[x1, y1]] = await via(page, WIRE);
    expect(Math.abs(x1 - (x0 + 60 / k))).toBeLessThanOrEqual(1.5);
    const onWire = await page.locator(`tg-wire svg[data-wire="${WIRE}"] path.line`).evaluate((path: SVGPathElement, [x, y]) => {
      let best = Infinity;
      const n = 400;
      for (let i = 0; i <= n; i++) {
        const q = path.getPointAtLength((path.getTotalLength() * i) / n);
        best = Math.min(best, Math.hypot(q.x - x, q.y - y));
      }
      return best;
    }, [x1, y1]);
    expect(onWire).toBeLessThan(2);

    // Alt-click further along the wire: a second dot, in wire order.
    const q = await openPoint(page, WIRE, 0.6);
    await page.keyboard.down('Alt');
    await page.mouse.click(q.x, q.y);
    await page.keyboard.up('Alt');
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(2);
    await screenshot(page, 'reroutes-1600');

    // Undo takes the second dot away, then the drag; redo brings both back.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await via(page, WIRE))[0]).toEqual([x0, y0]);
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(2);
    const both = await via(page, WIRE);

    // The value goes straight through: the biome map is the same picture.
    await settle(page);
    expect(await nodePixels(page, 'biomes')).toEqual(biomes);

    // A reload keeps the dots.
    await page.reload();
    await waitForPreviews(page);
    expect(await via(page, WIRE)).toEqual(both);
    await expect.poll(() => page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).count()).toBe(2);

    // Alt-click on the second dot removes it; a double-click removes the first (the dragged one).
    const second = (await page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).nth(1).boundingBox())!;
    await page.keyboard.down('Alt');
    await page.mouse.click(second.x + second.width / 2, second.y + second.height / 2);
    await page.keyboard.up('Alt');
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(1);
    expect(await via(page, WIRE)).toEqual([both[0]]);
    const last = (await page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).first().boundingBox())!;
    await page.mouse.dblclick(last.x + last.width / 2, last.y + last.height / 2);
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(0);
    // No palette opened by those double-clicks.
    expect(await page.locator('tg-node-menu').count()).toBe(0);
  });

  it('keeps a wire\'s dots when the wire is picked off its input and dropped back on it', async () => {
    const page = app.s.page;
    const p = await along(page, WIRE, 0.35);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(1);
    const dots = await via(page, WIRE);
    const input = await socketCenter(page, 'height', 'input', 'base');
    // Picked off the input, carried away over empty canvas, and brought back to it.
    await page.mouse.move(input.x, input.y);
    await page.mouse.down();
    await page.mouse.move(input.x - 60, input.y + 90, { steps: 8 });
    await page.mouse.move(input.x, input.y, { steps: 8 });
    await page.mouse.up();
    // Released on the input it came from, the wire stays on the pointer (click-to-wire); a click there puts it back.
    await page.mouse.click(input.x, input.y);
    await settle(page);
    expect(await via(page, WIRE)).toEqual(dots);
    expect(await page.locator('tg-wire[pseudo]').count()).toBe(0);
  });

  it('branches a new wire off a dot with Shift-drag: from the same output through the dots so far, its type checked', async () => {
    const page = app.s.page;
    const p = await along(page, WIRE, 0.35);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(async () => (await via(page, WIRE)).length).toBe(1);
    const dot = (await page.locator(`tg-wire svg[data-wire="${WIRE}"] circle.dot`).boundingBox())!;
    const from = { x: dot.x + dot.width / 2, y: dot.y + dot.height / 2 };
    // Onto a terrain input: refused with the reason, nothing changes.
    const before = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { edges: unknown[] } } } }).terrainGraph.core.graph.edges.length);
    await page.keyboard.down('Shift');
    await drag(page, from, await socketCenter(page, 'coast', 'input', 'terrain'));
    await page.keyboard.up('Shift');
    await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/Wire refused: .*Coast distance \(coast\)'s terrain.*sea level/);
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { edges: unknown[] } } } }).terrainGraph.core.graph.edges.length)).toBe(before);
    // Onto the temperature's noise input: the C curve now feeds it, through the dot.
    await page.keyboard.down('Shift');
    await drag(page, from, await socketCenter(page, 'temperature', 'input', 'noise'));
    await page.keyboard.up('Shift');
    const branched = 'contCurve.out>temperature.noise';
    await expect.poll(async () => (await via(page, branched)).length).toBe(1);
    expect(await via(page, branched)).toEqual(await via(page, WIRE));
    await expect.poll(() => page.locator(`tg-wire svg[data-wire="${branched}"]`).count()).toBe(1);
    await settle(page);
    await screenshot(page, 'reroutes-branch');
    // One undo puts the temperature's own noise back.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { edges: { from: { node: string }; to: { node: string; port: string } }[] } } } }).terrainGraph.core.graph.edges.find((e) => e.to.node === 'temperature' && e.to.port === 'noise')!.from.node))).toBe('tempNoise');
  });

  it('keeps a frame\'s corner grip reachable when a node lies over the corner: dragging it resizes the frame, not the node', async () => {
    const page = app.s.page;
    await pick(page, 'cont');
    await page.keyboard.press('Control+g');
    await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
    const [made] = await frames(page);
    const k = await zoom(page);
    // Drag the Erosion node by its title until it covers the frame's bottom-right corner.
    const corner = [made.position[0] + made.size[0], made.position[1] + made.size[1]];
    const eros = await position(page, 'eros');
    const title = (await page.locator('tg-node[data-node-id="eros"] header .title').boundingBox())!;
    const from = { x: title.x + 10, y: title.y + title.height / 2 };
    const to = { x: from.x + (corner[0] - 40 - eros[0]) * k, y: from.y + (corner[1] - 40 - eros[1]) * k };
    await drag(page, from, to);
    await settle(page);
    // The drag selected the node: its params card may move the view a moment after the release.
    await cardsPlaced(page);
    const moved = await position(page, 'eros');
    expect(moved[0]).toBeLessThan(corner[0] - 20);
    expect(moved[1]).toBeLessThan(corner[1] - 20);
    // The node's box covers the corner now…
    const node = (await page.locator('tg-node[data-node-id="eros"]').boundingBox())!;
    const box = (await page.locator('tg-frame').boundingBox())!;
    const at = { x: box.x + box.width - 4, y: box.y + box.height - 4 };
    expect(at.x > node.x && at.x < node.x + node.width && at.y > node.y && at.y < node.y + node.height).toBe(true);
    await screenshot(page, 'frame-grip-over-node');
    // …yet a drag from the corner resizes the frame, and the node stays where it is.
    await drag(page, at, { x: at.x + 80, y: at.y + 60 });
    await settle(page);
    const [grown] = await frames(page);
    expect(grown.size[0]).toBeGreaterThan(made.size[0] + 80 / k - 4);
    expect(grown.size[1]).toBeGreaterThan(made.size[1] + 60 / k - 4);
    expect(await position(page, 'eros')).toEqual(moved);
  });

  it("fits a frame in view with F, and opens its own menu on a right-click on its title bar: rename, a colour, delete (its nodes stay)", async () => {
    const page = app.s.page;
    await page.mouse.move(700, 150);
    await page.keyboard.press('Control+g');
    await expect.poll(async () => (await frames(page)).length).toBe(1);
    // Made at the pointer, it ran past the canvas's right edge: it is brought into sight now
    // (newcomer-again.test), and F fits it in with the nodes.
    const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
    await expect.poll(async () => {
      const b = (await page.locator('tg-frame').boundingBox())!;
      return b.x + b.width <= canvas.x + canvas.width + 0.5;
    }).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(async () => {
      const b = (await page.locator('tg-frame').boundingBox())!;
      return b.x >= canvas.x && b.x + b.width <= canvas.x + canvas.width && b.y >= canvas.y && b.y + b.height <= canvas.y + canvas.height;
    }).toBe(true);
    await page.locator('tg-frame header .title').click({ button: 'right' });
    const menu = page.locator('tg-context-menu');
    await expect.poll(() => menu.locator('button').allTextContents()).toEqual([
      expect.stringContaining('Rename'),
      ...['Blue', 'Green', 'Yellow', 'Orange', 'Red', 'Purple', 'Grey'].map((c) => expect.stringContaining(c)),
      expect.stringContaining('Delete frame'),
    ]);
    // No node palette came with it, and the canvas did not shift to show the frame's title.
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    expect(await page.locator('tg-app .canvas').evaluate((el) => [el.scrollLeft, el.scrollTop])).toEqual([0, 0]);
    await screenshot(page, 'frames-menu');
    await menu.locator('button', { hasText: 'Purple' }).click();
    await expect.poll(async () => (await frames(page))[0].color).toBe('purple');
    await page.locator('tg-frame header .title').click({ button: 'right' });
    await menu.locator('button', { hasText: 'Rename' }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Climate');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await frames(page))[0].title).toBe('Climate');
    const nodes = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: unknown[] } } } }).terrainGraph.core.graph.nodes.length);
    await page.locator('tg-frame header .title').click({ button: 'right' });
    await menu.locator('button', { hasText: 'Delete frame' }).click();
    await expect.poll(async () => (await frames(page)).length).toBe(0);
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: unknown[] } } } }).terrainGraph.core.graph.nodes.length)).toBe(nodes);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await frames(page))[0]?.title).toBe('Climate');
  });

  it('copies and pastes a frame with its nodes and their wire\'s dots, and saves both in the file (Save as)', async () => {
    const page = app.s.page;
    const p = await along(page, SHORT, 0.5);
    await page.mouse.dblclick(p.x, p.y);
    await expect.poll(async () => (await via(page, SHORT)).length).toBe(1);
    await pick(page, 'cont');
    await pick(page, 'contCurve', true);
    await page.keyboard.press('Control+g');
    await expect.poll(async () => (await frames(page)).length).toBe(1);
    // Shift-drag a box around the frame: it and its nodes are selected; copy, and paste at the pointer.
    await page.keyboard.press('Escape');
    const fb = (await page.locator('tg-frame').boundingBox())!;
    await page.keyboard.down('Shift');
    await drag(page, { x: fb.x - 8, y: fb.y - 8 }, { x: fb.x + fb.width + 8, y: fb.y + fb.height + 8 });
    await page.keyboard.up('Shift');
    const picked = await page.evaluate(() => {
      const core = (window as never as { terrainGraph: { core: { selection: Set<string>; selectedFrames: Set<string> } } }).terrainGraph.core;
      return { nodes: [...core.selection].sort(), frames: [...core.selectedFrames] };
    });
    // The box touches the nodes just below the frame too (a box picks the nodes it touches).
    expect(picked.nodes).toEqual(expect.arrayContaining(['cont', 'contCurve']));
    expect(picked.frames).toEqual(['frame']);
    await page.keyboard.press('Control+c');
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.move(area.x + area.width - 200, area.y + area.height - 260);
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await frames(page)).length).toBe(2);
    const pastedWire = 'cont2.out>contCurve2.in';
    await expect.poll(async () => (await via(page, pastedWire)).length).toBe(1);
    const [a, b] = await frames(page);
    const [[vx, vy]] = await via(page, SHORT);
    const [[px, py]] = await via(page, pastedWire);
    expect([px - vx, py - vy]).toEqual([b.position[0] - a.position[0], b.position[1] - a.position[1]]);
    await settle(page);

    const download = page.waitForEvent('download');
    await page.locator('tg-toolbar button', { hasText: 'Save as…' }).click();
    await page.locator('tg-ask-dialog input').fill('framed');
    await page.locator('tg-ask-dialog button.confirm').click();
    const file = await download;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const saved = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(saved.version).toBe(CURRENT_VERSION);
    expect(saved.frames.map((f: FrameRec) => f.id)).toEqual(['frame', 'frame2']);
    expect(saved.edges.find((e: { from: string; to: string }) => e.from === 'cont2.out' && e.to === 'contCurve2.in').via).toEqual([[px, py]]);
  });
});
