// H on collapsed nodes expands them in place; they grew over their neighbours (one node as well
// as several), hiding them. The neighbours now move out of the way, in the same undo step.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, graphText, screenshot, settle } from './harness.ts';

/** The nodes' boxes on screen, by id. */
async function boxes(page: Page): Promise<Map<string, { x: number; y: number; width: number; height: number }>> {
  const ids = await page.locator('tg-node').evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')!));
  const out = new Map<string, { x: number; y: number; width: number; height: number }>();
  for (const id of ids) out.set(id, (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!);
  return out;
}

/** Pairs of nodes drawn one over the other, as "a over b". */
async function overlapping(page: Page): Promise<string[]> {
  const list = [...(await boxes(page))];
  const found: string[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const [a, A] = list[i];
      const [b, B] = list[j];
      if (A.x < B.x + B.width - 0.5 && B.x < A.x + A.width - 0.5 && A.y < B.y + B.height - 0.5 && B.y < A.y + A.height - 0.5) found.push(`${a} over ${b}`);
    }
  }
  return found;
}

async function click(page: Page, id: string, shift = false): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click(shift ? { modifiers: ['Shift'] } : undefined);
}

describe('expanding collapsed nodes with H', () => {
  const app = appPerTest();

  it('moves the neighbours out of the way of one node expanded, and Ctrl+Z puts all back in one step', async () => {
    const page = app.s.page;
    expect(await overlapping(page)).toEqual([]);
    const before = await graphText(page);
    await click(page, 'water');
    await settle(page);
    await page.keyboard.press('h');
    await settle(page);
    expect(await overlapping(page)).toEqual([]);
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });

  it('lays out several nodes expanded together, side by side and one above another, over none', async () => {
    const page = app.s.page;
    const before = await graphText(page);
    await click(page, 'height');
    for (const id of ['water', 'rank', 'tempNoise', 'coast']) await click(page, id, true);
    await settle(page);
    await page.keyboard.press('h');
    await settle(page);
    const expanded = await page.evaluate(() => ['height', 'water', 'rank', 'tempNoise', 'coast'].filter((id) => !(window as never as { terrainGraph: { core: { node(id: string): { collapsed?: boolean } } } }).terrainGraph.core.node(id)!.collapsed));
    expect(expanded).toHaveLength(5);
    expect(await overlapping(page)).toEqual([]);
    await screenshot(page, 'expand-several-makes-room');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await graphText(page)).toBe(before);
  });
});
