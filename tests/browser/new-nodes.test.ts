// The terrain operators of issue 12 in the editor: each is offered by the add menu (generated
// from the catalogue), and a node added from it shows a preview and one control per param.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../nodes/index.ts';
import { appPerTest, dragWire, nodePixels, openRecipe, screenshot, settle, showParams, waitForPreviews, withApp } from './harness.ts';

const NEW_TYPES = ['cellular', 'warp', 'terrace', 'blur', 'slope', 'select'] as const;

describe('the new terrain operators in the editor', () => {
  const app = appPerTest();

  it('offers every node type of the catalogue in the add menu', async () => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(area.x + 140, area.y + area.height - 120, { button: 'right' });
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    const offered = await menu.locator('.item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type));
    for (const def of CATALOGUE.types) expect(offered).toContain(def.type);
    await screenshot(page, 'new-nodes-menu');
  });

  it.each(NEW_TYPES)('adds a %s node from the menu with a preview and a control per param', async (type) => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(area.x + 140, area.y + area.height - 120, { button: 'right' });
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.type(type);
    await menu.locator(`.item[data-type="${type}"]`).click();
    await settle(page);
    const node = page.locator(`tg-node[data-node-id="${type}"]`);
    expect(await node.count()).toBe(1);
    const def = CATALOGUE.def(type)!;
    for (const key of Object.keys(def.params)) expect(await node.locator(`tg-param[name="${key}"]`).count(), key).toBe(1);
    // A node with a field input needs it wired for a picture: give it the heights.
    if (Object.keys(def.inputs).includes('in')) {
      await dragWire(page, ['height', 'out'], [type, 'in']);
      await settle(page);
    }
    const pixels = await nodePixels(page, type);
    expect(pixels.colours).toBeGreaterThan(8); // a picture, not a blank or one-colour card
    await screenshot(page, `new-nodes-${type}`);
  });

  it('says in the map why a node added with its input unwired has no picture, instead of "computing…"', async () => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(area.x + 140, area.y + area.height - 120, { button: 'right' });
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.type('blur');
    await page.keyboard.press('Enter');
    await settle(page);
    // The new node is selected, so the viewer shows it; the worker has answered for it.
    await page.waitForFunction(() => (window as never as { terrainGraph: { viewer: { result?: { state: string } } } }).terrainGraph.viewer.result?.state === 'missing');
    await settle(page);
    const empty = page.locator('tg-map-view .empty');
    await expect.poll(() => empty.textContent()).toContain('not wired');
    expect(await empty.textContent()).not.toContain('computing');
    await screenshot(page, 'new-nodes-unwired-viewer');
  });

  it('brings a node added near the canvas’s foot wholly into view, above the notes line', async () => {
    const page = app.s.page;
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    await page.mouse.click(area.x + 140, area.y + area.height - 60, { button: 'right' });
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.type('hydraulic');
    await page.keyboard.press('Enter');
    await settle(page);
    const node = page.locator('tg-node[data-node-id="hydraulic"]');
    await expect.poll(async () => (await node.boundingBox())!.y + (await node.boundingBox())!.height).toBeLessThanOrEqual((await page.locator('tg-app .notes-line').boundingBox())!.y);
    const box = (await node.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(area.y);
    expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    // Its last control is the topmost thing at its place: not under the notes line or the minimap.
    const last = node.locator('tg-param').last();
    const row = (await last.boundingBox())!;
    // (A slider, or the select of its last param, what it does on coarse grids.)
    await last.locator('input[type="range"], select').first().click({ position: { x: 2, y: row.height / 2 }, trial: true });
    await screenshot(page, 'new-nodes-added-at-foot');
  });

  it('draws every param of every node type whole in its row: no label cut or word broken, nothing past the node, every slider wide enough to drag', async () => {
    const page = app.s.page;
    // One expanded node of each type on an empty graph, five to a row.
    await page.evaluate((types) => {
      type Core = { snapshot(): object; replaceGraph(g: object): void; addNode(t: string, at: [number, number]): string };
      const core = (window as never as { terrainGraph: { core: Core } }).terrainGraph.core;
      core.replaceGraph({ ...core.snapshot(), nodes: [], edges: [], frames: [] });
      types.forEach((t, k) => core.addNode(t, [(k % 5) * 280, Math.floor(k / 5) * 560]));
    }, CATALOGUE.types.map((d) => d.type));
    await settle(page);
    const faults = await page.locator('tg-node tg-param').evaluateAll((params) =>
      params.flatMap((p) => {
        const name = `${p.closest('tg-node')?.getAttribute('data-node-id') ?? (p.getRootNode() as ShadowRoot).host?.getAttribute('data-node-id')}.${p.getAttribute('name')}`;
        const out: string[] = [];
        const label = p.shadowRoot!.querySelector('label');
        if (label && (label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1)) out.push(`${name}: label "${label.textContent}" cut`);
        // Lines break between words only: no word wider than the label's column.
        const ctx = document.createElement('canvas').getContext('2d')!;
        if (label) ctx.font = getComputedStyle(label).font;
        for (const word of label?.textContent?.split(/\s+/).filter(Boolean) ?? []) if (ctx.measureText(word).width > label!.clientWidth) out.push(`${name}: "${word}" wider than its label`);
        // Past its row, only into the node's margins (the expanded Whittaker biomes' table reaches
        // 4 px a side into them, so its columns hold whole words): never past the node's edges.
        if (p.scrollWidth > p.clientWidth + 1) {
          const node = (p.closest('tg-node') ?? (p.getRootNode() as ShadowRoot).host).getBoundingClientRect();
          const past = [...p.shadowRoot!.querySelectorAll('*')].some((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < node.left - 0.5 || r.right > node.right + 0.5);
          });
          if (past) out.push(`${name}: row ${p.scrollWidth} px wide in ${p.clientWidth}, past the node`);
        }
        const slider = p.shadowRoot!.querySelector('input[type="range"]') as HTMLElement | null;
        if (slider && slider.offsetWidth < 24) out.push(`${name}: slider ${slider.offsetWidth} px`);
        for (const field of p.shadowRoot!.querySelectorAll('input[type="number"]')) if (field.scrollWidth > field.clientWidth) out.push(`${name}: value ${(field as HTMLInputElement).value} cut`);
        return out;
      }),
    );
    expect(faults).toEqual([]);
    await screenshot(page, 'new-nodes-every-param');
  });
});

describe('the new terrain operators on a small screen', () => {
  it('at 1024 × 700 keeps a tall params card (the hydraulic erosion’s) clear of the notes line, its node in view', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await page.locator('tg-toolbar select').first().selectOption('eroded-valleys.json');
      await waitForPreviews(page);
      await page.locator('tg-node[data-node-id="erosion"] header .title').click();
      const card = page.locator('tg-node[data-node-id="erosion"] .params.card');
      await card.waitFor();
      await settle(page);
      const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
      const notes = (await page.locator('tg-app .notes-line').boundingBox())!;
      const node = (await page.locator('tg-node[data-node-id="erosion"]').boundingBox())!;
      const box = (await card.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(notes.y);
      expect(node.y).toBeGreaterThanOrEqual(canvas.y);
      await screenshot(page, 'new-nodes-tall-card-small-screen');
    });
  });

  it('at 1024 × 700 keeps the viewer’s output select of a node with several outputs inside the panel', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      // Fitted whole (openRecipe): opened, the rivers lie past the canvas's right edge here.
      await openRecipe(page, 'rivers-from-the-rain.json');
      await page.locator('tg-node[data-node-id="rivers"] header .title').click();
      await settle(page);
      const panel = (await page.locator('tg-viewer').boundingBox())!;
      const select = (await page.locator('tg-viewer header select.port').boundingBox())!;
      expect(select.x + select.width).toBeLessThanOrEqual(panel.x + panel.width);
      await screenshot(page, 'new-nodes-output-select-small-screen');
    });
  });

  it('at 1024 × 700 a ridged range through a warp shows in the viewer', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const area = (await page.locator('tg-app .canvas').boundingBox())!;
      await page.mouse.click(area.x + 60, area.y + area.height - 60, { button: 'right' });
      const menu = page.locator('tg-node-menu');
      await expect.poll(() => menu.count()).toBe(1);
      await page.keyboard.type('warp');
      await menu.locator('.item[data-type="warp"]').click();
      await settle(page);
      // The default graph ships its nodes collapsed: a node shows its params once selected.
      await showParams(page, 'pv');
      await page.locator('tg-node[data-node-id="pv"] tg-param[name="kind"] select').selectOption('ridged');
      // The card (its sliders stacked under their names) hangs over the warp added below the
      // noise: Escape gives the keys back to the canvas, and again puts the card away.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('tg-node[data-node-id="pv"] .params.card').count()).toBe(0);
      await dragWire(page, ['pv', 'out'], ['warp', 'in']);
      await settle(page);
      expect((await nodePixels(page, 'warp')).colours).toBeGreaterThan(8);
      await screenshot(page, 'new-nodes-small-screen');
    });
  });
});
