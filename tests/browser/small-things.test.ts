// Small things a person trips on, driven with the real mouse and keyboard: Tab past a params
// card's last control (it went on to the viewer), a log slider with no sign of its scale, the
// rivers control with two flow nodes (at 1024 × 700 it took two lines of the viewer's bar), the
// viewer's heading cut short with no tooltip, a knot list with a word in it dropped without a
// word, a node without inputs (an fBm) drawn with an empty column for them, and the view's x and
// y fields scrolling a long negative value's minus out of sight.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, focused, screenshot, settle, withApp } from './harness.ts';

/** Clicks a node's title: it is the one selected. */
async function select(page: Page, id: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await settle(page);
}

/** Where a node's picture sits across it: its centre's distance from the node's centre, in screen pixels. */
async function pictureOffset(page: Page, id: string): Promise<number> {
  const node = (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!;
  const picture = (await page.locator(`tg-node[data-node-id="${id}"] tg-preview`).boundingBox())!;
  return picture.x + picture.width / 2 - (node.x + node.width / 2);
}

describe('a params card and the keyboard', () => {
  const app = appPerTest();

  it('goes round the params with Tab and Shift+Tab, never on to the viewer, and Escape gives the keys back', async () => {
    const page = app.s.page;
    await select(page, 'cont');
    await page.keyboard.press('Enter');
    const first = await focused(page);
    expect(first).toBe('tg-node tg-param[seed] input[seed][number]');
    // seed and its reroll button, a slider and a number for each of four numbers, the kind.
    const stops = 11;
    const seen: string[] = [];
    for (let k = 0; k < stops; k++) {
      await page.keyboard.press('Tab');
      seen.push(await focused(page));
    }
    expect(seen.every((f) => f.startsWith('tg-node tg-param'))).toBe(true);
    expect(seen[stops - 2]).toBe('tg-node tg-param[kind] select[kind]');
    // Past the last, the first again, its number selected to type over.
    expect(seen[stops - 1]).toBe(first);
    await page.keyboard.type('7');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('tg-node tg-param[kind] select[kind]');
    expect(await page.locator('tg-node[data-node-id="cont"] tg-param[name="seed"] input').inputValue()).toBe('7');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(first);
    await page.keyboard.press('Escape');
    expect(await focused(page)).not.toContain('tg-param');
  });
});

describe("a collapsed node's params card", () => {
  const app = appPerTest();

  it('is drawn over the nodes below it when the node is selected with a Shift-drag box, not only by a press', async () => {
    const page = app.s.page;
    const cont = (await page.locator('tg-node[data-node-id="cont"]').boundingBox())!;
    // A box from the empty canvas above-left of the Continentalness round it alone.
    await page.keyboard.down('Shift');
    await drag(page, { x: cont.x - 6, y: cont.y - 12 }, { x: cont.x + cont.width + 4, y: cont.y + cont.height + 6 });
    await page.keyboard.up('Shift');
    await settle(page);
    expect(await page.evaluate(() => [...(window as unknown as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection])).toEqual(['cont']);
    const card = (await page.locator('tg-node[data-node-id="cont"] .params.card').boundingBox())!;
    // The node a point of the card hits first, through the shadow roots.
    const hit = (x: number, y: number) =>
      page.evaluate(([px, py]) => {
        let root: Document | ShadowRoot = document;
        let el = root.elementFromPoint(px, py);
        while (el?.shadowRoot && el.shadowRoot !== root) {
          root = el.shadowRoot;
          const inner: Element | null = root.elementFromPoint(px, py);
          if (!inner || inner === el) break;
          el = inner;
        }
        for (let n: Node | null = el; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) {
          if (n instanceof HTMLElement && n.tagName === 'TG-NODE') return n.dataset.nodeId ?? null;
        }
        return null;
      }, [x, y] as const);
    // The card lies over the Erosion and E curve nodes below: every point of it is the card's.
    const points = [0.25, 0.5, 0.75].flatMap((fx) => [0.3, 0.6, 0.9].map((fy) => [card.x + card.width * fx, card.y + card.height * fy] as const));
    const owners = await Promise.all(points.map(([x, y]) => hit(x, y)));
    expect(owners).toEqual(points.map(() => 'cont'));
    await screenshot(page, 'small-things-card-over-nodes');
  });
});

describe('a log slider', () => {
  it('says "log scale" beside its name, legibly and whole at 1024 × 700; a linear slider says nothing', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await select(page, 'cont');
      const mark = page.locator('tg-node[data-node-id="cont"] tg-param[name="frequency"] label .log');
      expect(await mark.count()).toBe(1);
      expect(await mark.textContent()).toBe('log scale');
      const box = (await mark.boundingBox())!;
      const label = (await page.locator('tg-node[data-node-id="cont"] tg-param[name="frequency"] label').boundingBox())!;
      // Inside its label's two lines (not cut off by the clamp) and at least 10 px on the screen.
      expect(box.y + box.height).toBeLessThanOrEqual(label.y + label.height + 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(label.x + label.width + 0.5);
      expect(await mark.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(10);
      expect(await page.locator('tg-node[data-node-id="cont"] tg-param[name="octaves"] label .log').count()).toBe(0);
      expect(await page.locator('tg-node[data-node-id="cont"] tg-param[name="frequency"] label').getAttribute('title')).toContain('Its slider is logarithmic');
      await screenshot(page, 'small-things-log-scale-1024');
    });
  });
});

describe('the rivers control with two flow nodes', () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`keeps its words on one line and the zoom button on the cells' row at ${viewport.width} × ${viewport.height}`, async () => {
        await withApp({ viewport, recipe: 'rivers-from-the-rain.json' }, async (page) => {
        await select(page, 'rivers');
        await page.keyboard.press('Control+d');
        await settle(page);
        // The duplicate's card (its sliders stacked under their names) lies over the Biomes
        // node's title at 1024 × 700: Escape puts it away first, as a person would.
        await page.keyboard.press('Escape');
        await select(page, 'biomes');
        const pick = page.locator('tg-viewer select.rivers-pick');
        expect(await pick.locator('option').count()).toBe(2);
        const bar = (await page.locator('tg-viewer .bar.view').boundingBox())!;
        const words = (await page.locator('tg-viewer .rivers label').boundingBox())!;
        const picked = (await pick.boundingBox())!;
        const size = (await page.locator('tg-viewer select.size').boundingBox())!;
        const zoom = (await page.locator('tg-viewer button.zoom').boundingBox())!;
        // "rivers & lakes" on one line, its select whole beside it, inside the bar.
        expect(words.height).toBeLessThan(24);
        expect(Math.abs(picked.y + picked.height / 2 - (words.y + words.height / 2))).toBeLessThan(4);
        expect(picked.x + picked.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
        // The zoom button stays on the cells' row; the rivers take the row under it.
        expect(Math.abs(zoom.y - size.y)).toBeLessThan(4);
        expect(words.y).toBeGreaterThan(size.y + size.height - 1);
        await screenshot(page, `small-things-two-flows-${viewport.width}`);
      });
    });
  }
});

describe("the view's x and y fields", () => {
  for (const viewport of [
    { width: 1600, height: 1000 },
    { width: 1024, height: 700 },
  ]) {
    it(`show a long negative value's minus and leading digits, typed and taken, at ${viewport.width} × ${viewport.height}`, async () => {
      // -12.345678 read as 12.345678: the field scrolled its minus out of sight.
      await withApp({ viewport }, async (page) => {
        const panel = (await page.locator('tg-viewer').boundingBox())!;
        for (const [key, typed] of [['y', '-12.345678'], ['y', '-1234567.8901234'], ['x', '-98765.43210987']] as const) {
          const field = page.locator(`tg-viewer input.${key}`);
          await field.click({ clickCount: 3 });
          await page.keyboard.type(typed);
          // The whole text in the field, from its first character: nothing scrolled out of sight.
          const fits = () => field.evaluate((e: HTMLInputElement) => ({ value: e.value, scrollLeft: e.scrollLeft, fits: e.scrollWidth <= e.clientWidth }));
          expect(await fits(), `${key} ${typed} typed`).toEqual({ value: typed, scrollLeft: 0, fits: true });
          if (typed === '-1234567.8901234') await screenshot(page, `small-things-view-y-${viewport.width}`);
          await page.keyboard.press('Tab');
          await settle(page);
          expect(await fits(), `${key} ${typed} taken`).toEqual({ value: typed, scrollLeft: 0, fits: true });
          const box = (await field.boundingBox())!;
          expect(box.x + box.width, `${key} ${typed} inside the panel`).toBeLessThanOrEqual(panel.x + panel.width);
        }
        expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { view: { x: number; y: number } } } } }).terrainGraph.core.graph.view)).toMatchObject({ x: -98765.43210987, y: -1234567.8901234 });
      });
    });
  }
});

describe('a knot list typed with a word in it', () => {
  const app = appPerTest();

  it('is refused with a notice naming the node, the param and the word, the field outlined, nothing set', async () => {
    const page = app.s.page;
    // A chain of curves from the palette at the pointer; its card's one field is its knots.
    await page.mouse.dblclick(200, 820);
    await page.keyboard.type('chain');
    await page.keyboard.press('Enter');
    await settle(page);
    const id = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; type: string }[] } } } }).terrainGraph.core.graph.nodes.find((n) => n.type === 'chain')!.id);
    const knots = async () => page.evaluate((nodeId) => (window as never as { terrainGraph: { core: { node(id: string): { params: { knots: number[] } } } } }).terrainGraph.core.node(nodeId).params.knots, id);
    const before = await knots();
    await select(page, id);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('tg-node tg-param[knots] input[knots][text]');
    await page.keyboard.type('0.5, x');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tg-app .toast.refused').textContent()).toBe('Value refused: Chain curves, knots: "x" is not a number; nothing was set');
    expect(await knots()).toEqual(before);
    const field = page.locator(`tg-node[data-node-id="${id}"] tg-param[name="knots"] input`);
    expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(255, 107, 107)');
    // Put right, it is set and the outline goes.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0.2, 0.6');
    await page.keyboard.press('Enter');
    await expect.poll(knots).toEqual([0.2, 0.6]);
    expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe('rgb(255, 107, 107)');
    await screenshot(page, 'small-things-knots-refused');
  });
});

describe("the viewer's heading", () => {
  it('says in the title’s tooltip the node id and type it has no room for beside an output select at 1024 × 700', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      await select(page, 'water');
      // "water · Water level" beside the Water level's output select was cut to "wat…" (and
      // "valleys · Fluvial erosion" to "v"): not shown there now (island-hour.test.ts), the
      // title's tooltip says it.
      expect(await page.locator('tg-viewer header .sub').isVisible()).toBe(false);
      expect(await page.locator('tg-viewer header h2').getAttribute('title')).toBe('Water level (water · Water level)');
    });
  });
});

describe('a node without inputs', () => {
  const app = appPerTest();

  it('has no empty column for inputs: its picture sits in the middle, expanded as collapsed (an fBm and a cellular noise)', async () => {
    const page = app.s.page;
    // A cellular noise from the palette at the pointer, beside the default graph's fBm noises.
    await page.mouse.dblclick(200, 820);
    await page.keyboard.type('cellular');
    await page.keyboard.press('Enter');
    await settle(page);
    const cellular = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; type: string }[] } } } }).terrainGraph.core.graph.nodes.find((n) => n.type === 'cellular')!.id);
    for (const id of ['cont', cellular]) expect(Math.abs(await pictureOffset(page, id))).toBeLessThan(1.5);
    // Expanded (H on the selection): still in the middle, with its meaning at the picture's foot.
    for (const id of ['cont', cellular]) {
      await select(page, id);
      await page.keyboard.press('h');
      await settle(page);
      expect(await page.locator(`tg-node[data-node-id="${id}"]`).getAttribute('collapsed')).toBeNull();
      expect(Math.abs(await pictureOffset(page, id))).toBeLessThan(1.5);
      expect(await page.locator(`tg-node[data-node-id="${id}"] .inputs`).count()).toBe(0);
      const meta = page.locator(`tg-node[data-node-id="${id}"] .meta`);
      expect(await meta.textContent()).toMatch(/noise|value/);
      const metaBox = (await meta.boundingBox())!;
      const picture = (await page.locator(`tg-node[data-node-id="${id}"] tg-preview`).boundingBox())!;
      expect(metaBox.x + metaBox.width).toBeLessThanOrEqual(picture.x + 0.5);
    }
    // A node with inputs keeps its column: its picture sits right of the middle.
    await select(page, 'height');
    await page.keyboard.press('h');
    await settle(page);
    expect(await pictureOffset(page, 'height')).toBeGreaterThan(10);
    await page.keyboard.press('f');
    await settle(page);
    await screenshot(page, 'small-things-no-inputs');
  });
});
