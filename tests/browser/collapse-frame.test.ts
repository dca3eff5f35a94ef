// H with a frame selected alone (its title bar clicked) expands or collapses the nodes the frame
// holds, as dragging it carries them: with nothing but a frame selected, H read "nothing selected"
// and expanded (or collapsed) every node of the graph, those outside the frame too. Real mouse and keyboard, the
// default graph, at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, settle, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

type Core = { core: { graph: { nodes: { id: string; collapsed?: boolean }[]; frames: unknown[] }; selection: Set<string>; selectedFrames: Set<string> } };
const expandedIds = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: Core }).terrainGraph.core.graph.nodes.filter((n) => !n.collapsed).map((n) => n.id));
const selection = (page: Page) =>
  page.evaluate(() => {
    const c = (window as never as { terrainGraph: Core }).terrainGraph.core;
    return { nodes: [...c.selection], frames: c.selectedFrames.size };
  });

describe('H with a frame selected', () => {
  for (const viewport of SIZES) {
    it(`expands the frame's nodes alone, then collapses them; undo (${viewport.width} × ${viewport.height})`, async () => {
      await withApp({ viewport }, async (page) => {
        await page.locator('tg-node[data-node-id="cont"] header .title').click();
        await page.locator('tg-node[data-node-id="contCurve"] header .title').click({ modifiers: ['Control'] });
        await page.keyboard.press('Control+g');
        await expect.poll(() => page.locator('tg-frame').count()).toBe(1);
        await settle(page);
        // The default graph's nodes are collapsed.
        expect(await expandedIds(page)).toEqual([]);
        await page.locator('tg-frame header .title').click();
        await expect.poll(() => selection(page)).toEqual({ nodes: [], frames: 1 });
        await page.keyboard.press('h');
        await settle(page);
        expect(await expandedIds(page)).toEqual(['cont', 'contCurve']);
        await screenshot(page, `collapse-frame-${viewport.width}`);
        // Expanded, they are still inside the frame (it grew to hold them): H again collapses them.
        await page.keyboard.press('h');
        await settle(page);
        expect(await expandedIds(page)).toEqual([]);
        await page.keyboard.press('Control+z');
        await settle(page);
        expect(await expandedIds(page)).toEqual(['cont', 'contCurve']);
      });
    });
  }
});
