// Every node type's params card read as a person reads it: each slider at least 120 px long
// (in the 244-px card on one row the Flow node's river area, 1…100000, got 41 px), and every
// name, range, slider and number whole, inside the card and clear of each other, at 1600 × 1000
// and 1024 × 700 in both themes. Each node is added from the palette with the real mouse and
// keyboard (a right-click on empty canvas, its title typed, Enter) and its title pressed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../nodes/index.ts';
import { emptyCanvas, launch, openApp, settle } from './harness.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The least length of a slider's track in a card, in CSS pixels. */
const LEAST_TRACK = 120;

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

/** What is wrong with the open card's layout, one line per fault (none: []). */
async function cardFaults(page: Page, id: string): Promise<{ faults: string[]; sliders: number }> {
  return page.locator(`tg-node[data-node-id="${id}"] .params.card`).evaluate((card, least) => {
    const faults: string[] = [];
    const box = (e: Element) => e.getBoundingClientRect();
    const c = box(card);
    const inside = (r: DOMRect) => r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
    const apart = (a: DOMRect, b: DOMRect) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
    let sliders = 0;
    for (const param of card.querySelectorAll('tg-param')) {
      const root = param.shadowRoot!;
      const name = param.getAttribute('name');
      const parts = [...root.querySelectorAll('label, input, select, button, .range')].filter((e) => box(e).width > 0);
      for (const e of parts) if (!inside(box(e))) faults.push(`${name}: its ${e.localName} lies outside the card`);
      for (const [k, a] of parts.entries()) for (const b of parts.slice(k + 1)) if (!apart(box(a), box(b))) faults.push(`${name}: its ${a.localName} and ${b.localName}${b.className ? `.${b.className}` : ''} overlap`);
      const label = root.querySelector('label');
      if (label && (label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1)) faults.push(`${name}: its name is cut ("${label.textContent!.trim()}")`);
      const range = root.querySelector<HTMLElement>('.range');
      if (range && range.scrollWidth > range.clientWidth + 1) faults.push(`${name}: its range is cut`);
      const track = root.querySelector('input[type="range"]');
      if (track) {
        sliders++;
        if (box(track).width < least) faults.push(`${name}: its slider is ${Math.round(box(track).width)} px long`);
      }
    }
    return { faults, sliders };
  }, LEAST_TRACK);
}

describe("every node type's params card", () => {
  for (const viewport of SIZES) {
    for (const theme of ['dark', 'light'] as const) {
      it(`gives each slider ${LEAST_TRACK} px or more, every name, range and number whole and apart, inside the card (${viewport.width} × ${viewport.height}, ${theme})`, async () => {
        const browser = await launch();
        const context = await browser.newContext({ viewport, colorScheme: theme });
        const s = await openApp(browser, { context });
        try {
          const page = s.page;
          const faults: string[] = [];
          let sliders = 0;
          for (const def of NODE_TYPES) {
            if (!Object.values(def.params).some((p) => p.kind !== 'points')) continue;
            const spot = await emptyCanvas(page);
            await page.mouse.click(spot.x, spot.y, { button: 'right' });
            await page.locator('tg-node-menu').waitFor();
            await page.keyboard.type(def.title);
            await page.keyboard.press('Enter');
            await settle(page);
            const added = await page.evaluate(() => (window as unknown as { terrainGraph: { core: { graph: { nodes: { id: string; type: string }[] } } } }).terrainGraph.core.graph.nodes.at(-1)!);
            expect(added.type, def.title).toBe(def.type);
            await page.locator(`tg-node[data-node-id="${added.id}"] header .title`).click();
            await page.locator(`tg-node[data-node-id="${added.id}"] .params.card`).waitFor();
            await settle(page);
            const read = await cardFaults(page, added.id);
            // Taller now, the card still lies in the canvas (placed above, below or the view moved).
            const card = (await page.locator(`tg-node[data-node-id="${added.id}"] .params.card`).boundingBox()) as Box;
            const canvas = (await page.locator('tg-app .canvas').boundingBox()) as Box;
            if (card.y < canvas.y - 0.5 || card.y + card.height > canvas.y + canvas.height + 0.5 || card.x < canvas.x - 0.5 || card.x + card.width > canvas.x + canvas.width + 0.5) {
              read.faults.push(`the card (${Math.round(card.y)}…${Math.round(card.y + card.height)}) runs past the canvas (${Math.round(canvas.y)}…${Math.round(canvas.y + canvas.height)})`);
            }
            faults.push(...read.faults.map((f) => `${def.type}: ${f}`));
            sliders += read.sliders;
            await page.locator(`tg-node[data-node-id="${added.id}"] .params.card`).screenshot({ path: `tests/screenshots/card-${def.type}-${viewport.width}-${theme}.png` });
            await page.keyboard.press('Control+z');
            await expect.poll(() => page.locator(`tg-node[data-node-id="${added.id}"]`).count()).toBe(0);
          }
          expect(faults).toEqual([]);
          expect(sliders).toBeGreaterThan(40);
          expect(s.errors).toEqual([]);
        } finally {
          await s.close();
          await browser.close();
        }
      });
    }
  }
});
