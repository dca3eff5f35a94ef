// What a Gaea and World Machine user's first hour from New found (session 39: noise → curve →
// erosion → water → flow → 3-D → wind → moisture → biomes → undo/redo → save → tiles), with the
// real mouse and keyboard at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardsPlaced, drag, emptyCanvas, screenshot, settle, showParams, socketCenter, waitForPreviews, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** New, then a node added from the palette at empty canvas by what is typed; its id. */
async function fromNew(page: Page, words: string): Promise<string> {
  await page.locator('tg-toolbar button', { hasText: 'New' }).click();
  await settle(page);
  const at = await emptyCanvas(page);
  await page.mouse.dblclick(at.x, at.y);
  await page.locator('tg-node-menu input').waitFor();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await waitForPreviews(page);
  return page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes[0].id);
}

describe("a wire dragged back from an input to empty canvas", () => {
  for (const viewport of SIZES) {
    it(`offers first the node made for that input, so Enter adds a Temperature for the biomes' temperature (${viewport.width} × ${viewport.height})`, async () => {
      // From New, a Whittaker biomes said "input "temperature" is not wired"; its temperature
      // dragged to empty canvas listed every field output, the fBm noise first and the
      // Temperature 33rd, under the noises and erosions: Enter added a noise as the temperature.
      await withApp({ viewport }, async (page) => {
        const biomes = await fromNew(page, 'biomes');
        const input = await socketCenter(page, biomes, 'input', 'temperature');
        await drag(page, input, { x: Math.max(20, input.x - 200), y: input.y + 40 });
        await page.locator('tg-node-menu input').waitFor();
        const first = page.locator('tg-node-menu li.item').first();
        await expect.poll(() => first.innerText()).toBe('Temperature');
        expect(await first.getAttribute('class')).toContain('active');
        await screenshot(page, `newcomer-first-hour-from-input-${viewport.width}`);
        await page.keyboard.press('Enter');
        await waitForPreviews(page);
        const types = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string; type: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => `${n.id}:${n.type}`));
        expect(types).toEqual([`${biomes}:whittaker`, 'temperature:temperature']);
        expect(await wires(page)).toEqual([`temperature.out>${biomes}.temperature`]);
      });
    });
  }
});

describe('a node whose input has no wire', () => {
  for (const viewport of SIZES) {
    it(`says which node to wire into it, on the node and under the viewer's map (${viewport.width} × ${viewport.height})`, async () => {
      // A Whittaker biomes added from New said only 'input "temperature" is not wired': a
      // newcomer from Gaea did not know which node makes a temperature, nor, once it had one,
      // which makes the terrain.
      await withApp({ viewport }, async (page) => {
        const biomes = await fromNew(page, 'biomes');
        const said = `input "temperature" is not wired: wire a Temperature into it`;
        await expect.poll(() => page.locator('tg-viewer tg-map-view .empty').textContent().then((t) => t?.trim())).toBe(`no picture: ${said}`);
        expect((await page.locator(`tg-node[data-node-id="${biomes}"] tg-preview .message`).textContent())?.trim()).toBe(said);
        await screenshot(page, `newcomer-first-hour-unwired-${viewport.width}`);
      });
    });
  }
});

describe("an expanded Whittaker biomes' table", () => {
  for (const viewport of SIZES) {
    it(`shows every biome's name in whole words, none cut, inside the node (${viewport.width} × ${viewport.height})`, async () => {
      // A Whittaker biomes added from New (expanded, as a new graph's nodes are) broke its names
      // inside words, "temperat / e desert", "shrublan / d", "subtropic / al desert", and cut
      // "tropical season…": 44 px columns beside the row names, two lines a cell.
      await withApp({ viewport }, async (page) => {
        const biomes = await fromNew(page, 'biomes');
        const node = page.locator(`tg-node[data-node-id="${biomes}"]`);
        const names = await node.locator('tg-param[name="table"]').evaluate((param) =>
          [...param.shadowRoot!.querySelectorAll('.cell .name')].map((el) => {
            const text = [...el.childNodes].find((c): c is Text => c.nodeType === Node.TEXT_NODE && !!(c as Text).data.trim())!;
            // Each word one box: a word broken over two lines has two.
            const broken: string[] = [];
            for (const m of text.data.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, m.index!);
              range.setEnd(text, m.index! + m[0].length);
              if (range.getClientRects().length !== 1) broken.push(m[0]);
            }
            return { name: text.data, broken, cut: el.scrollHeight > el.clientHeight + 1 };
          }),
        );
        expect(names).toHaveLength(16);
        expect(names.filter((n) => n.broken.length || n.cut)).toEqual([]);
        // The table and the params under it stay inside the node, whose height layout.ts fixes.
        const box = (await node.boundingBox())!;
        const last = (await node.locator('tg-param').last().boundingBox())!;
        expect(last.y + last.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
        await node.screenshot({ path: `tests/screenshots/newcomer-first-hour-table-${viewport.width}.png` });
      });
    });
  }
});

describe("the wind's angle in its card", () => {
  for (const viewport of SIZES) {
    it(`says where the wind comes from and an arrow where it blows, as large as "log scale" and whole (${viewport.width} × ${viewport.height})`, async () => {
      // The card wrote "from W" at 9 px beside "angle": a worldbuilder, who names a wind by where
      // it comes from, read past it to the doc, which led with "Direction blown towards".
      await withApp({ viewport }, async (page) => {
        await showParams(page, 'wind');
        await cardsPlaced(page);
        const param = page.locator('tg-node[data-node-id="wind"] tg-param[name="angle"]');
        const hint = param.locator('label .hint');
        const read = () => hint.evaluate((h) => ({ text: h.textContent!.trim().replace(/\u00a0/g, ' '), px: parseFloat(getComputedStyle(h).fontSize), whole: h.parentElement!.scrollHeight <= h.parentElement!.clientHeight + 1 }));
        expect(await read()).toEqual({ text: 'from W →', px: 10, whole: true });
        const field = param.locator('input[type="number"]');
        await field.click();
        await page.keyboard.press('Control+a');
        await page.keyboard.type('45');
        await page.keyboard.press('Enter');
        await settle(page);
        expect(await read()).toEqual({ text: 'from SW ↗', px: 10, whole: true });
        expect(await param.locator('label').getAttribute('title')).toMatch(/^angle \(angle\), from.SW.↗: Where the wind blows to/);
        await param.screenshot({ path: `tests/screenshots/newcomer-first-hour-wind-${viewport.width}.png` });
      });
    });
  }
});

describe('H with nothing selected', () => {
  for (const viewport of SIZES) {
    it(`collapses every node, and again expands them all, one undo step each, as F fits every node (${viewport.width} × ${viewport.height})`, async () => {
      // A graph built from New has its nodes expanded, and at fit their words were some 5 px.
      // H, which the README names for collapsing, did nothing with no node selected, and said
      // nothing: it acts on the selection only.
      await withApp({ viewport }, async (page) => {
        const noise = await fromNew(page, 'noise');
        const out = await socketCenter(page, noise, 'output', 'out');
        await drag(page, out, { x: out.x + 60, y: out.y + 30 });
        await page.locator('tg-node-menu input').waitFor();
        await page.keyboard.type('curve');
        await page.keyboard.press('Enter');
        await waitForPreviews(page);
        const collapsed = () => page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { collapsed?: boolean }[] }; selection: Set<string> } } }).terrainGraph.core.graph.nodes.map((n) => !!n.collapsed));
        const selection = () => page.evaluate(() => (window as never as { terrainGraph: { core: { selection: Set<string> } } }).terrainGraph.core.selection.size);
        expect(await collapsed()).toEqual([false, false]);
        await page.keyboard.press('Escape');
        await expect.poll(selection).toBe(0);
        await page.keyboard.press('h');
        await settle(page);
        expect(await collapsed()).toEqual([true, true]);
        await screenshot(page, `newcomer-first-hour-h-all-${viewport.width}`);
        await page.keyboard.press('h');
        await settle(page);
        expect(await collapsed()).toEqual([false, false]);
        await page.keyboard.press('Control+z');
        await settle(page);
        expect(await collapsed()).toEqual([true, true]);
        // A selection still decides: H on the noise alone expands the noise alone.
        await page.locator(`tg-node[data-node-id="${noise}"] header .title`).click();
        await page.keyboard.press('h');
        await settle(page);
        expect(await collapsed()).toEqual([false, true]);
      });
    });
  }
});
