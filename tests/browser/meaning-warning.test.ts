// A newcomer dragged a wire from the Wind's output, typed "biome" in the palette and pressed
// Enter: the Whittaker biomes came in with the wind's air in their temperature, without a word,
// and the biomes came out nonsense. Now the input is marked and the node says, in the meanings'
// words, what the input is made for and what the wire brings (wiring.ts meaningWarning). With
// the real mouse and keyboard at both sizes; the graph still evaluates.
import { describe, expect, it } from 'vitest';
import { emptyCanvas, graphText, openRecipe, screenshot, settle, socketCenter, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

describe("a wire that brings the wrong kind of field", () => {
  for (const viewport of SIZES) {
    it(`at ${viewport.width} × ${viewport.height}: the Wind's air into new biomes from the palette shows the warning on the input and the node`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'climate-kauai.json');
        // No wire of the shipped recipe warns.
        expect(await page.locator('tg-node .in.mismatch').count()).toBe(0);
        expect(await page.locator('tg-node .meaning-warning').count()).toBe(0);
        const before = new Set(await page.locator('tg-node').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.nodeId)));
        const from = await socketCenter(page, 'wind', 'output', 'out');
        const to = await emptyCanvas(page);
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 12 });
        await page.mouse.up();
        await page.locator('tg-node-menu').waitFor();
        await page.keyboard.type('biome');
        await page.keyboard.press('Enter');
        await settle(page);
        const added = (await page.locator('tg-node').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.nodeId))).filter((id) => !before.has(id));
        expect(added).toHaveLength(1);
        const id = added[0]!;
        // Wired as before (a warning, not a refusal): the air in the temperature.
        const graph = JSON.parse(await graphText(page)) as { nodes: { id: string; type: string }[]; edges: { from: { node: string; port: string }; to: { node: string; port: string } }[] };
        expect(graph.edges.filter((e) => e.to.node === id)).toEqual([{ from: { node: 'wind', port: 'out' }, to: { node: id, port: 'temperature' } }]);
        const node = page.locator(`tg-node[data-node-id="${id}"]`);
        // The temperature input marked, its tooltip and the node's line saying what is wrong.
        const input = node.locator('.in.mismatch');
        const line = node.locator('.meaning-warning');
        await line.waitFor();
        expect((await line.textContent())!.trim()).toBe("⚠ temperature is made for a temperature; this wire brings Wind's air");
        expect(await input.count()).toBe(1);
        expect(await input.getAttribute('data-port')).toBe('temperature');
        expect(await input.getAttribute('title')).toMatch(/^⚠ temperature is made for a temperature; this wire brings Wind's air\./);
        // Its socket ringed in amber (the recipe's nodes are collapsed: no names beside the sockets).
        // (in the theme's warning colour, the one the line's words are in).
        const warningColour = await line.evaluate((el) => getComputedStyle(el).color);
        expect(await input.locator('.socket').evaluate((el) => getComputedStyle(el).boxShadow)).toContain(warningColour);
        // The whole sentence on the node, not cut: it fits within the node.
        const lineBox = (await line.boundingBox())!;
        const nodeBox = (await node.boundingBox())!;
        expect(lineBox.width).toBeGreaterThan(40);
        expect(await line.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
        expect(lineBox.x >= nodeBox.x && lineBox.x + lineBox.width <= nodeBox.x + nodeBox.width + 0.5 && lineBox.y >= nodeBox.y && lineBox.y + lineBox.height <= nodeBox.y + nodeBox.height + 0.5).toBe(true);
        // The viewer, which shows the new node, says it too, under the map.
        const said = page.locator('tg-viewer .meaning-warning');
        await said.waitFor();
        expect((await said.textContent())!.trim()).toBe("⚠ temperature is made for a temperature; this wire brings Wind's air");
        await screenshot(page, `meaning-warning-${viewport.width}`);
        // The Wind renamed with the keyboard: the warning names it as the canvas does.
        await page.locator('tg-node[data-node-id="wind"] header .title').click();
        await page.keyboard.press('F2');
        await page.keyboard.press('Control+a');
        await page.keyboard.type('Trade wind');
        await page.keyboard.press('Enter');
        await settle(page);
        expect((await line.textContent())!.trim()).toBe("⚠ temperature is made for a temperature; this wire brings Trade wind's air");
        // Near, as a person reads it: the wheel over the node zooms in.
        await page.mouse.move(lineBox.x + lineBox.width / 2, lineBox.y + lineBox.height / 2);
        for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
        await settle(page);
        await screenshot(page, `meaning-warning-near-${viewport.width}`);
        // The other Whittaker of the recipe, wired as made for, stays unmarked.
        expect(await page.locator(`tg-node:not([data-node-id="${id}"]) .in.mismatch`).count()).toBe(0);
        // Undo (the rename, then the node) takes the node and the warning away.
        await page.keyboard.press('Control+z');
        await settle(page);
        await page.keyboard.press('Control+z');
        await settle(page);
        expect(await page.locator('tg-node .meaning-warning').count()).toBe(0);
        expect(await page.locator('tg-viewer .meaning-warning').count()).toBe(0);
      });
    });
  }
});
