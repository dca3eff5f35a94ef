// What a person reads at 1024 × 700 and 1600 × 1000, measured from the page (computed font size
// times the scale the page draws an element at).
//
// A graph opens readable: at 1024 × 700 the whole fit drew the recipes with an erosion and a flow
// (17-18 nodes, eight columns) with 7-pixel titles, and the Start terrain's with 8-pixel ones.
// Now the canvas opens at a zoom whose titles read (10 px or more on the screen, the title's
// computed font size times the scale the page draws the node at), panned so that the graph's
// first column is in sight (the outputs too at 1600 × 1000) and no node wholly in sight lies
// under the minimap or the notes line; the
// nodes do not overlap, and Fit (pressed with the mouse) still shows every node, the rest
// reached by panning.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Box, cardsPlaced, type Held, holdPinPictures, overlaps, screenshot, settle, showParams, type TestHandle, withApp } from './harness.ts';

/** Each node's box, and its title's size on the screen: computed font size × the scale it is drawn at. */
async function nodesOnScreen(page: Page) {
  return page.locator('tg-node').evaluateAll((els) =>
    els.map((el) => {
      const host = el as HTMLElement;
      const r = host.getBoundingClientRect();
      const title = host.shadowRoot!.querySelector('header .title')!;
      return { id: host.dataset.nodeId!, box: { x: r.x, y: r.y, width: r.width, height: r.height }, titlePx: parseFloat(getComputedStyle(title).fontSize) * (r.width / host.offsetWidth) };
    }),
  );
}

const box = async (page: Page, selector: string): Promise<Box> => (await page.locator(selector).boundingBox())!;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

// The final output (the viewer's node), and the graph's other outputs: the Flow and rivers lay
// past the canvas's right edge in the rivers recipe.
const cases = [
  { recipe: 'eroded-valleys.json', outputs: ['biomes'] },
  { recipe: 'rivers-from-the-rain.json', outputs: ['biomes', 'rivers'] },
  { recipe: 'terrain-start.json', outputs: ['biomes'] },
  { recipe: 'island.json', outputs: ['biomes', 'rivers'] },
];

describe.each([
  { width: 1024, height: 700 },
  { width: 1600, height: 1000 },
])('a recipe opened at $width × $height', (viewport) => {
  it.each(cases)('$recipe: titles 10 px or more, its start in sight, nothing overlapping', async ({ recipe, outputs }) => {
    await withApp({ viewport, recipe, asOpened: true }, async (page) => {
      await settle(page);
      const nodes = await nodesOnScreen(page);
      for (const n of nodes) expect(n.titlePx, n.id).toBeGreaterThanOrEqual(9.99); // 10 px, up to rounding of the scale
      for (const a of nodes) for (const b of nodes) if (a !== b) expect(overlaps(a.box, b.box), `${a.id} over ${b.id}`).toBe(false);
      const canvas = await box(page, 'tg-app .canvas');
      // Where the graph begins is in sight: the sources (nodes no wire enters) of its first
      // column. At 1024 × 700 each recipe opened at "Height = C + E · PV", its noises and curves
      // out of sight to the left.
      const fed = new Set(await page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.edges.map((e) => e.to.node)));
      const first = Math.min(...nodes.map((n) => n.box.x));
      const sources = nodes.filter((n) => n.box.x < first + 1 && !fed.has(n.id));
      expect(sources.length).toBeGreaterThanOrEqual(3);
      for (const n of sources) expect(inside(n.box, canvas), `${n.id}, a source of the first column, in the canvas`).toBe(true);
      // The outputs too where they fit with it: at 1600 × 1000 (the viewer draws the final output large).
      for (const output of viewport.width >= 1600 ? outputs : []) {
        const out = nodes.find((n) => n.id === output)!;
        expect(inside(out.box, canvas), `${output} in the canvas`).toBe(true);
        expect(overlaps(out.box, await box(page, 'tg-app .canvas .tg-minimap')), `${output} under the minimap`).toBe(false);
        expect(overlaps(out.box, await box(page, 'tg-app .notes-line')), `${output} under the notes`).toBe(false);
      }
      // No node wholly in sight lies under them either (the island's Flow and rivers lay under
      // the minimap at 1024 × 700); those cut by the canvas's edge are the part panned away.
      const covers = [await box(page, 'tg-app .canvas .tg-minimap'), await box(page, 'tg-app .notes-line')];
      for (const n of nodes.filter((n) => inside(n.box, canvas))) expect(covers.some((c) => overlaps(n.box, c)), `${n.id} under the minimap or the notes`).toBe(false);
      await screenshot(page, `legibility-open-${recipe.replace('.json', '')}-${viewport.width}`);

      // Fit shows them all, the titles smaller where need be.
      await page.locator('tg-toolbar button', { hasText: /^Fit$/ }).click();
      await settle(page);
      for (const n of await nodesOnScreen(page)) expect(inside(n.box, canvas), `${n.id} in the canvas after Fit`).toBe(true);
    });
  }, 120_000);

  // At 1024 × 700 the long ranges opened with their fifth row (the ridges) cut by the canvas's
  // foot, its titles alone in sight, under the notes line: that row now lies wholly past it.
  it('long-ranges.json: no node cut by the canvas’s foot, its start in sight', async () => {
    await withApp({ viewport, recipe: 'long-ranges.json', asOpened: true }, async (page) => {
      await settle(page);
      const canvas = await box(page, 'tg-app .canvas');
      const nodes = await nodesOnScreen(page);
      const foot = canvas.y + canvas.height;
      expect(nodes.filter((n) => n.box.y < foot - 0.5 && n.box.y + n.box.height > foot + 0.5).map((n) => n.id)).toEqual([]);
      expect(inside(nodes.find((n) => n.id === 'cont')!.box, canvas)).toBe(true);
      await screenshot(page, `legibility-open-long-ranges-${viewport.width}`);
    });
  }, 120_000);
});

// The Whittaker table in a biome node's params card drew its names and row names at 9 px. Now
// 11 px, each name whole (no line clamped), the table within the card and the card within the
// canvas.
describe.each([
  { width: 1024, height: 700 },
  { width: 1600, height: 1000 },
])('the biome node\'s card at $width × $height', (viewport) => {
  it('shows the Whittaker table at 11 px, every name whole, inside the card', async () => {
    await withApp({ viewport }, async (page) => {
      await showParams(page, 'biomes');
      await cardsPlaced(page);
      await settle(page);
      const card = page.locator('tg-node[data-node-id="biomes"] .params.card');
      const table = await card.locator('tg-param .table').evaluate((t: HTMLElement) => {
        const host = (t.getRootNode() as ShadowRoot).host as HTMLElement;
        // The scale the card is drawn at on the screen (the canvas's zoom times the card's own).
        const scale = t.getBoundingClientRect().width / t.offsetWidth;
        const texts = [...t.querySelectorAll<HTMLElement>('.name, span')].map((e) => ({
          text: e.textContent!.trim(),
          px: parseFloat(getComputedStyle(e).fontSize) * scale,
          clamped: e.scrollHeight > e.clientHeight + 1,
        }));
        return { texts, overflows: t.scrollWidth > t.clientWidth + 1, hostOverflows: host.scrollWidth > host.clientWidth + 1 };
      });
      expect(table.texts.length).toBe(4 + 16);
      for (const t of table.texts) {
        expect(t.px, t.text).toBeGreaterThanOrEqual(10.99);
        expect(t.clamped, t.text).toBe(false);
      }
      expect(table.overflows).toBe(false);
      expect(table.hostOverflows).toBe(false);
      const cardBox = (await card.boundingBox())!;
      const inCard = await card.evaluate((c: HTMLElement) => c.scrollHeight <= c.clientHeight + 1 && c.scrollWidth <= c.clientWidth + 1);
      expect(inCard).toBe(true);
      expect(inside(cardBox, await box(page, 'tg-app .canvas'))).toBe(true);
      await screenshot(page, `legibility-biome-card-${viewport.width}`);
    });
  }, 120_000);
});

/** The compare pin's label on the map: its text, tooltip, box, and the parts of it drawn cut short. */
async function pinLabel(page: Page) {
  return page.locator('tg-viewer tg-map-view .pinned-label').evaluate((el: HTMLElement) => {
    const r = el.getBoundingClientRect();
    const cut = [el, ...el.querySelectorAll<HTMLElement>('*')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent);
    return { text: el.textContent!.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim(), title: el.title, cut, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  });
}

// A compare pin kept from another graph named it on the map on one line, and at 1024 × 700 the
// label read 'Biomes of "Star… · drawing…"'. Now the node's title and the state read whole, on a
// line of their own; the graph's name, on the next, gives way at 1024 × 700 alone (whole at
// 1600 × 1000); all of it is in the tooltip; inside the map, clear of its "current" label.
describe.each([
  { width: 1024, height: 700 },
  { width: 1600, height: 1000 },
])('a compare pin from another graph at $width × $height', (viewport) => {
  it('names its node, its state and its graph whole on the map', async () => {
    await withApp({ viewport }, async (page) => {
      const name = JSON.parse(readFileSync('graphs/default.json', 'utf8')).name as string;
      await holdPinPictures(page);
      await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
      await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption('climate-atacama.json');
      await expect.poll(async () => (await pinLabel(page)).text).toContain(name);
      await page.waitForFunction(() => !(window as unknown as { terrainGraph: { client: { busy: boolean } } }).terrainGraph.client.busy);
      const map = (await page.locator('tg-viewer tg-map-view .frame').boundingBox())!;
      const waiting = await pinLabel(page);
      await screenshot(page, `legibility-pin-drawing-${viewport.width}`);
      expect(waiting.cut).toEqual(viewport.width < 1200 ? [` of "${name}"`] : []);
      expect(waiting.text).toContain('Biomes · drawing…');
      expect(waiting.title).toContain(`Biomes of "${name}" · drawing…`);
      expect(inside(waiting.box, map)).toBe(true);

      await page.evaluate(() => (window as unknown as { pinPictures: Held }).pinPictures.release());
      await expect.poll(() => page.locator('tg-viewer tg-map-view canvas.pinned').count(), { timeout: 30_000, interval: 250 }).toBe(1);
      await settle(page);
      const frozen = await pinLabel(page);
      await screenshot(page, `legibility-pin-frozen-${viewport.width}`);
      expect(frozen.cut).toEqual(viewport.width < 1200 ? [` of "${name}"`] : []);
      expect(frozen.text).toContain('Biomes · frozen');
      expect(frozen.title).toContain(`Biomes of "${name}" · frozen`);
      expect(inside(frozen.box, map)).toBe(true);
      expect(overlaps(frozen.box, (await page.locator('tg-viewer tg-map-view .current-label').boundingBox())!)).toBe(false);
    });
  }, 120_000);
});
