// A file whose node was deleted by hand (session 37, a worldbuilder deleted Land rank): the problem
// list says the missing id once, names each wire by its other end, and offers to open the rest of
// the graph without those wires; the graph opens marked unsaved, a notice lists what was left out,
// and one Undo brings back the graph from before. At 1600 × 1000 and 1024 × 700, with the real mouse.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphText, screenshot, settle, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

describe('a file with a node deleted by hand', () => {
  for (const viewport of SIZES) {
    it(`opens without that node's wires when the person chooses to (${viewport.width} × ${viewport.height})`, async () => {
      const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
      doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      await withApp({ viewport }, async (page) => {
        const before = await graphText(page);
        await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'rainshadow.json', mimeType: 'application/json', buffer: Buffer.from(text) });
        const dialog = page.locator('tg-problems');
        await expect.poll(() => dialog.count()).toBe(1);
        const items = (await dialog.locator('li.problem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
        expect(items).toHaveLength(3);
        expect(items.filter((t) => t.includes('no node has the id "rank"'))).toHaveLength(1);
        expect(items.some((t) => t.includes('known:'))).toBe(false);
        expect(items[0]).toMatch(/the wire from Water level · terrain to missing "rank" · terrain$/);
        const offer = dialog.locator('button', { hasText: 'Open without these 3 wires' });
        const box = (await dialog.locator('.box').boundingBox())!;
        const button = (await offer.boundingBox())!;
        // The button lies inside the box, on the screen.
        expect(button.x).toBeGreaterThanOrEqual(box.x);
        expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
        expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
        await screenshot(page, `missing-node-problems-${viewport.width}`);
        await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
        await expect.poll(() => dialog.count()).toBe(0);
        await settle(page);
        const opened = JSON.parse(await graphText(page));
        expect(opened.nodes.map((n: { id: string }) => n.id)).toEqual(doc.nodes.map((n: { id: string }) => n.id));
        expect(opened.edges).toHaveLength(doc.edges.length - 3);
        const toast = page.locator('tg-app .toast');
        await expect.poll(() => toast.textContent()).toMatch(/^Opened rainshadow\.json without the 3 wires to the missing node "rank": the wire from Water level · terrain to missing "rank" · terrain; .*The file itself is unchanged until you save\.$/);
        expect((await page.locator('tg-toolbar .dirty').textContent())?.trim()).toBe('●');
        await screenshot(page, `missing-node-opened-${viewport.width}`);
        // One Undo: the graph from before the Open.
        await page.mouse.click(5, viewport.height - 5);
        await page.keyboard.press('Control+z');
        await expect.poll(() => graphText(page)).toBe(before);
      });
    });
  }

  // Past the list's 100 problems (its last line "and 20 more problems") the offer was not made,
  // though every problem was such a wire; its button counts them all.
  for (const viewport of SIZES) {
    it(`offers to open a file of 120 wires to a missing node without them, counting all 120 (${viewport.width} × ${viewport.height})`, async () => {
      const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
      for (let i = 0; i < 120; i++) doc.edges.push({ from: 'cont.out', to: `lost.p${i}` });
      await withApp({ viewport }, async (page) => {
        await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
        const dialog = page.locator('tg-problems');
        await expect.poll(() => dialog.count()).toBe(1);
        const offer = dialog.locator('button', { hasText: 'Open without these 120 wires' });
        await expect.poll(() => offer.count()).toBe(1);
        await offer.scrollIntoViewIfNeeded();
        const button = (await offer.boundingBox())!;
        expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
        await screenshot(page, `missing-node-120-${viewport.width}`);
        await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
        await expect.poll(() => dialog.count()).toBe(0);
        await settle(page);
        expect(JSON.parse(await graphText(page)).edges).toHaveLength(doc.edges.length - 120);
        await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/^Opened big\.json without the 120 wires to missing nodes, "lost" and those of the 20 not listed: .*; and 20 more\. The file itself is unchanged until you save\.$/);
      });
    });
  }

  it('keeps refusing, with no offer, when another problem stands (1600 × 1000)', async () => {
    const doc = JSON.parse(readFileSync('graphs/climate-kauai.json', 'utf8'));
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    doc.nodes.find((n: { id: string }) => n.id === 'wind').params.angle = 'west';
    await withApp({ viewport: SIZES[0] }, async (page) => {
      await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'both.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
      const dialog = page.locator('tg-problems');
      await expect.poll(() => dialog.count()).toBe(1);
      expect(await dialog.locator('li.problem').count()).toBe(4);
      expect(await dialog.locator('button').allTextContents()).toEqual(['Close']);
    });
  });
});
