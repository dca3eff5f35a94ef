// The defects found trying the editor as a new user, each driven with the real mouse and
// keyboard: a wire dropped on an output, the viewer at its narrowest, Ctrl+D twice, a typed
// value out of range, a preview of one colour, and the seed of a new noise.
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, dragWire, nodePixels, params, screenshot, settle, showParams, socketCenter, type TestHandle, wires } from './harness.ts';

type Page = ReturnType<typeof appPerTest>['s']['page'];

const canUndo = (page: Page) => page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.canUndo);

/** Empty canvas near the bottom-left corner of the canvas, below the noise nodes. */
async function emptySpot(page: Page, dx = 150, dy = 120): Promise<{ x: number; y: number }> {
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  return { x: area.x + dx, y: area.y + area.height - dy };
}

describe('defects found trying the editor', () => {
  const app = appPerTest();

  it('puts a wire picked off an input back when it is dropped on an output, and leaves nothing on the pointer', async () => {
    const page = app.s.page;
    const before = await wires(page);
    // The C curve's input (wired from cont.out) dropped on Peaks & valleys' out.
    await drag(page, await socketCenter(page, 'contCurve', 'input', 'in'), await socketCenter(page, 'pv', 'output', 'out'));
    await settle(page);
    expect(await page.locator('tg-wire[pseudo]').count()).toBe(0);
    expect((await wires(page)).sort()).toEqual([...before].sort());
    expect(await canUndo(page)).toBe(false);
    // A click on empty canvas afterwards is only a click: no "Connect Continentalness · out to…" menu.
    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y);
    await settle(page);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    // The next wire is the one the person draws.
    await dragWire(page, ['pvCurve', 'out'], ['height', 'base']);
    await settle(page);
    const now = await wires(page);
    expect(now).toContain('pvCurve.out>height.base');
    expect(now).not.toContain('cont.out>height.base');
    await screenshot(page, 'defect-wire-on-output');
  });

  it('also drops a new wire released on another output', async () => {
    const page = app.s.page;
    const before = await wires(page);
    await drag(page, await socketCenter(page, 'eros', 'output', 'out'), await socketCenter(page, 'pv', 'output', 'out'));
    await settle(page);
    expect(await page.locator('tg-wire[pseudo]').count()).toBe(0);
    expect(await wires(page)).toEqual(before);
    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
  });

  it('fits the Whittaker table and the biome bars in the viewer at its narrowest', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="biomes"] header .title').click();
    await settle(page);
    // Drag the viewer's left edge as far right as it goes: the map's narrowest.
    const edge = (await page.locator('tg-viewer .resize').boundingBox())!;
    await drag(page, { x: edge.x + edge.width / 2, y: edge.y + 200 }, { x: edge.x + 900, y: edge.y + 200 });
    await settle(page);
    await screenshot(page, 'defect-viewer-narrowest');
    const panel = (await page.locator('tg-viewer').boundingBox())!;
    const table = page.locator('tg-viewer tg-biome-table');
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    // Every cell, the wet column too, lies inside the panel and shows its whole name.
    const cells = await table.evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('.cell')].map((c) => {
        const r = c.getBoundingClientRect();
        const name = c.querySelector('.name') as HTMLElement;
        return { name: c.getAttribute('data-biome'), right: r.right, clipped: name.scrollWidth > name.clientWidth + 1 || c.scrollWidth > c.clientWidth + 1 };
      }),
    );
    expect(cells.length).toBe(16);
    expect(cells.filter((c) => c.clipped || c.right > panel.x + panel.width).map((c) => c.name)).toEqual([]);
    // The biome bars keep a readable length: the largest biome's bar is at least 40 px.
    const bars = await page.locator('tg-viewer tg-histogram').evaluate((el) => [...el.shadowRoot!.querySelectorAll('.row .bar')].map((b) => b.getBoundingClientRect().width));
    expect(bars.length).toBeGreaterThan(2);
    expect(Math.min(...bars)).toBeGreaterThanOrEqual(40);
  });

  it('places each Ctrl+D copy apart from the last, even without moving the pointer', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+d');
    await settle(page);
    await page.keyboard.press('Control+d');
    await settle(page);
    const boxes = await page.evaluate(() => {
      const g = (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph;
      return g.nodes.filter((n) => n.type === 'fbm' && n.id.startsWith('cont')).map((n) => n.position);
    });
    expect(boxes.length).toBe(3);
    const seen = new Set(boxes.map((p) => p.join(',')));
    expect(seen.size).toBe(3);
    // On screen, neither copy covers the other.
    const ids = await page.evaluate(() => [...(window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes].slice(-2).map((n) => n.id));
    const [a, b] = await Promise.all(ids.map((id) => page.locator(`tg-node[data-node-id="${id}"]`).boundingBox()));
    const overlapX = Math.min(a!.x + a!.width, b!.x + b!.width) - Math.max(a!.x, b!.x);
    const overlapY = Math.min(a!.y + a!.height, b!.y + b!.height) - Math.max(a!.y, b!.y);
    expect(overlapX > a!.width * 0.5 && overlapY > a!.height * 0.5).toBe(false);
    await screenshot(page, 'defect-duplicate-twice');
  });

  it('clamps a typed value out of range to the nearest end, says why, and shows the range beside the control', async () => {
    const page = app.s.page;
    await showParams(page, 'water');
    const share = page.locator('tg-node[data-node-id="water"] tg-param[name="share"]');
    // People's words from the manifest, not the key.
    // "of the cut": the level's share is of the region it reads, not of the map shown (whose sea
    // the biome legend gives, 33 % against this 40 % in the default graph).
    expect(await share.locator('label').textContent()).toContain('sea share of the cut');
    const label = await share.locator('label').evaluate((l) => ({ whole: l.scrollHeight <= l.clientHeight + 1 && l.scrollWidth <= l.clientWidth + 1 }));
    expect(label.whole).toBe(true);
    // The modes in words: "percent" read as a percentage where the share is a fraction 0 … 1.
    const modes = page.locator('tg-node[data-node-id="water"] tg-param[name="mode"] option');
    expect(await modes.evaluateAll((os) => os.map((o) => `${(o as HTMLOptionElement).value}: ${o.textContent}`))).toEqual(['percent: share of the cut', 'raw: fixed height']);
    const range = await share.locator('.range').textContent();
    expect(range).toMatch(/0.*1/);
    const field = share.locator('input[type="number"]');
    await field.fill('5');
    await field.press('Enter');
    await settle(page);
    const max = (await params(page, 'water')).share;
    expect(max).toBe(1);
    expect(await field.inputValue()).toBe('1');
    await expect.poll(() => page.locator('tg-app .toast').textContent()).toBe('Water level, sea share of the cut: 5 is above the largest value it takes, 1; set to 1');
    await screenshot(page, 'defect-typed-out-of-range');
    // One undo step takes it back.
    await page.keyboard.press('Escape');
    await page.locator('tg-app .canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await params(page, 'water')).share).not.toBe(1);
  });

  it('dims the param the water does not read in its mode: the level by share, the share at a fixed height', async () => {
    const page = app.s.page;
    await showParams(page, 'water');
    const unused = () =>
      page.locator('tg-node[data-node-id="water"] tg-param').evaluateAll((ps) => ps.filter((p) => p.hasAttribute('unused')).map((p) => p.getAttribute('name')));
    expect(await unused()).toEqual(['level']);
    await page.locator('tg-node[data-node-id="water"] tg-param[name="mode"] select').selectOption('raw');
    await settle(page);
    expect(await unused()).toEqual(['share']);
    // Dimmed, not hidden: its label says why, and it can still be set.
    expect(await page.locator('tg-node[data-node-id="water"] tg-param[name="share"] label').getAttribute('title')).toContain('Not read now: it applies with mode percent');
    await screenshot(page, 'defect-unused-param');
  });

  it('says what a preview of one colour holds: the value, or the one biome', async () => {
    const page = app.s.page;
    const caption = (id: string) => page.locator(`tg-node[data-node-id="${id}"] tg-preview .constant`);
    expect(await page.locator('tg-preview .constant').count()).toBe(0);
    // All sea, typed into the water's share: the coast and the rank are 0 everywhere, the map all ocean.
    await showParams(page, 'water');
    const field = page.locator('tg-node[data-node-id="water"] tg-param[name="share"] input[type="number"]');
    await field.fill('1');
    await field.press('Enter');
    await settle(page);
    await expect.poll(() => caption('coast').textContent()).toBe('constant 0');
    expect(await caption('rank').textContent()).toBe('constant 0');
    expect(await caption('biomes').textContent()).toBe('all ocean');
    // Whole, and as large on screen as a collapsed node's title.
    const fit = await caption('biomes').evaluate((el) => ({ whole: el.scrollWidth <= el.clientWidth, px: parseFloat(getComputedStyle(el).fontSize) * (el.getBoundingClientRect().height / (el as HTMLElement).offsetHeight) }));
    expect(fit.whole).toBe(true);
    expect(fit.px).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'defect-constant-previews');
    // Undone, the land is back and the captions go.
    await page.keyboard.press('Escape');
    await page.locator('tg-app .canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await settle(page);
    await expect.poll(() => page.locator('tg-preview .constant').count()).toBe(0);
  });

  it('gives a new noise a seed no other node uses, so its preview is its own', async () => {
    const page = app.s.page;
    const spot = await emptySpot(page);
    await page.mouse.click(spot.x, spot.y, { button: 'right' });
    await page.keyboard.type('fbm');
    await page.keyboard.press('Enter');
    await settle(page);
    const seeds = await page.evaluate(() =>
      (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.filter((n) => n.type === 'fbm').map((n) => n.params.seed),
    );
    const fresh = (await params(page, 'fbm')).seed;
    expect(seeds.filter((s) => s === fresh)).toHaveLength(1);
    expect((await nodePixels(page, 'fbm')).hash).not.toBe((await nodePixels(page, 'cont')).hash);
  });
  it('keeps a selected collapsed node\'s params card inside the canvas, and the canvas its width when the window narrows', async () => {
    const page = app.s.page;
    for (const size of [{ width: 1600, height: 1000 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.locator('tg-app .canvas').click({ position: { x: 40, y: 40 } });
      await page.keyboard.press('f');
      await settle(page);
      // The biomes node sits in the rightmost column at fit: its card used to hang past the canvas.
      await showParams(page, 'biomes');
      await settle(page);
      const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
      const card = (await page.locator('tg-node[data-node-id="biomes"] .params.card').boundingBox())!;
      expect(card.x).toBeGreaterThanOrEqual(canvas.x);
      expect(card.x + card.width).toBeLessThanOrEqual(canvas.x + canvas.width + 0.5);
      expect(card.y + card.height).toBeLessThanOrEqual(canvas.y + canvas.height + 0.5);
      if (size.width === 1024) {
        // Narrowed after the page opened: the canvas gets most of the width back, the minimap its small size.
        expect(canvas.width).toBeGreaterThan(0.6 * size.width);
        const minimap = (await page.locator('tg-app .canvas .tg-minimap').boundingBox())!;
        expect(minimap.height).toBeLessThanOrEqual(120);
      }
      await screenshot(page, `defect-card-in-canvas-${size.width}`);
      await page.keyboard.press('Escape');
      await page.locator('tg-app .canvas').click({ position: { x: 40, y: 40 } });
    }
  });
});
