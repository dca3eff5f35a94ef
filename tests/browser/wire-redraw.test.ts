// Wires dragged where they already are, with the real mouse: dropping a wire onto the input it
// already feeds, or picking a wire off its input and letting it go on its own output, changes
// nothing and files nothing to undo; a wire onto a fed input replaces the old one in one step.
// After each, the wires drawn are exactly the model's, and the Undo button agrees with Ctrl+Z.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, dragWire, screenshot, settle, socketCenter, waitForPreviews, withApp } from './harness.ts';

interface Seen {
  edges: string[];
  drawn: string[];
  canUndo: boolean;
  undoLabel: string | null;
  undoButtonEnabled: boolean;
  gestureOpen: boolean;
  waiting: string[];
}

/** The model's wires, the wires drawn, the history as the core and the Undo button see it. */
async function seen(page: Page): Promise<Seen> {
  await settle(page);
  await page.evaluate(async () => {
    const tg = (window as never as { terrainGraph: { app: { ready: Promise<{ settled(): Promise<void> }> } } }).terrainGraph;
    await (await tg.app.ready).settled();
  });
  await settle(page);
  const drawn = await page.locator('tg-wire svg[data-wire]').evaluateAll((els) => els.map((e) => e.getAttribute('data-wire')!));
  const undoButtonEnabled = await page.locator('tg-toolbar button', { hasText: /^Undo$/ }).isEnabled();
  const core = await page.evaluate(() => {
    type Tg = {
      core: {
        graph: { nodes: { id: string }[]; edges: { from: { node: string; port: string }; to: { node: string; port: string } }[] };
        canUndo: boolean;
        undoLabel: string | null;
        gestureOpen: boolean;
      };
      previews: { get(id: string): { state: string; message?: string } | undefined };
    };
    const tg = (window as never as { terrainGraph: Tg }).terrainGraph;
    return {
      edges: tg.core.graph.edges.map((e) => `${e.from.node}.${e.from.port}>${e.to.node}.${e.to.port}`).sort(),
      canUndo: tg.core.canUndo,
      undoLabel: tg.core.undoLabel,
      gestureOpen: tg.core.gestureOpen,
      waiting: tg.core.graph.nodes.filter((n) => tg.previews.get(n.id)?.state !== 'ok').map((n) => `${n.id}: ${tg.previews.get(n.id)?.state} ${tg.previews.get(n.id)?.message ?? ''}`),
    };
  });
  return { ...core, drawn: drawn.sort(), undoButtonEnabled };
}

async function openRecipe(page: Page, file: string): Promise<void> {
  await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption(file);
  await waitForPreviews(page);
}

describe('dragging a wire where it already is', () => {
  const app = appPerTest();

  it('changes nothing when an output is dropped on the input it already feeds', async () => {
    const page = app.s.page;
    const before = await seen(page);
    expect(before.edges).toContain('height.out>water.height');
    expect(before.drawn).toEqual(before.edges);
    expect(before.canUndo).toBe(false);
    await dragWire(page, ['height', 'out'], ['water', 'height']);
    const after = await seen(page);
    await screenshot(page, 'wire-redraw-same-wire');
    expect(after).toEqual(before);
    // Nothing to undo: Ctrl+Z leaves the wire where it is.
    await page.keyboard.press('Control+z');
    expect(await seen(page)).toEqual(before);
  });

  it('changes nothing when a wire picked off its input is dropped back on its own output', async () => {
    const page = app.s.page;
    const before = await seen(page);
    const input = await socketCenter(page, 'water', 'input', 'height');
    const output = await socketCenter(page, 'height', 'output', 'out');
    await drag(page, input, output);
    expect(await seen(page)).toEqual(before);
    expect(await page.locator('tg-wire[pseudo]').count()).toBe(0);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
  });

  it('changes nothing when a wire picked off its input is carried away and put back on that input', async () => {
    const page = app.s.page;
    const before = await seen(page);
    const input = await socketCenter(page, 'water', 'input', 'height');
    await page.mouse.move(input.x, input.y);
    await page.mouse.down();
    await page.mouse.move(input.x - 80, input.y + 60, { steps: 6 });
    await page.mouse.move(input.x, input.y, { steps: 6 });
    await page.mouse.up();
    // Released on the input it came from, the wire stays on the pointer (click-to-wire); a click there puts it back.
    await page.mouse.click(input.x, input.y);
    expect(await seen(page)).toEqual(before);
    expect(await page.locator('tg-wire[pseudo]').count()).toBe(0);
  });

  it('replaces the wire into a fed input in one undo step, drawn as the model has it', async () => {
    const page = app.s.page;
    const before = await seen(page);
    await dragWire(page, ['pv', 'out'], ['contCurve', 'in']);
    const after = await seen(page);
    expect(after.edges).toContain('pv.out>contCurve.in');
    expect(after.edges).not.toContain('cont.out>contCurve.in');
    expect(after.edges.length).toBe(before.edges.length);
    expect(after.drawn).toEqual(after.edges);
    expect(after.canUndo).toBe(true);
    expect(after.undoButtonEnabled).toBe(true);
    expect(after.gestureOpen).toBe(false);
    await page.keyboard.press('Control+z');
    expect(await seen(page)).toEqual(before);
  });

  it('moves a wire picked off its input onto a fed input: that input’s wire goes, one undo step', async () => {
    const page = app.s.page;
    const before = await seen(page);
    await drag(page, await socketCenter(page, 'contCurve', 'input', 'in'), await socketCenter(page, 'pvCurve', 'input', 'in'));
    const after = await seen(page);
    expect(after.edges).toContain('cont.out>pvCurve.in');
    expect(after.edges).not.toContain('cont.out>contCurve.in');
    expect(after.edges).not.toContain('pv.out>pvCurve.in');
    expect(after.edges.length).toBe(before.edges.length - 1);
    expect(after.drawn).toEqual(after.edges);
    expect(after.undoLabel).toBe('move wire');
    expect(after.undoButtonEnabled).toBe(true);
    expect(after.gestureOpen).toBe(false);
    await page.keyboard.press('Control+z');
    const undone = await seen(page);
    expect(undone.edges).toEqual(before.edges);
    expect(undone.drawn).toEqual(before.edges);
  });

  it('keeps the wire into Hydraulic erosion, and no loose wire stays after another recipe opens', async () => {
    const page = app.s.page;
    await openRecipe(page, 'eroded-valleys.json');
    const before = await seen(page);
    expect(before.edges).toContain('height.out>erosion.height');
    await dragWire(page, ['height', 'out'], ['erosion', 'height']);
    const after = await seen(page);
    expect(before.undoLabel).toMatch(/^open/);
    expect(after).toEqual(before);
    expect(await page.locator('tg-app .toast').allTextContents()).not.toContainEqual(expect.stringMatching(/Evaluation failed/));
    await openRecipe(page, 'rivers-from-the-rain.json');
    const other = await seen(page);
    expect(other.drawn).toEqual(other.edges);
  });
});

describe('a wire dragged where it already is, on a small window', () => {
  it('at 1024 × 700 changes nothing, from either end', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const before = await seen(page);
      await dragWire(page, ['height', 'out'], ['water', 'height']);
      expect(await seen(page)).toEqual(before);
      await drag(page, await socketCenter(page, 'water', 'input', 'height'), await socketCenter(page, 'height', 'output', 'out'));
      expect(await seen(page)).toEqual(before);
      await screenshot(page, 'wire-redraw-same-wire-1024');
    });
  });
});
