// Undo that survives a reload: edits made with the real mouse (a node moved, a slider dragged,
// a wire drawn), one of them undone, the page reloaded, then Ctrl+Z back to the start and
// Ctrl+Shift+Z to the end, the graph checked at every step. A stored history that does not
// read opens the graph all the same, with one quiet line saying why.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DRAFT_PREFIX } from '../../src/editor/files.ts';
import { HISTORY_PREFIX } from '../../src/editor/saved-history.ts';
import { drag, dragWire, graphText, launch, openApp, params, settle, showParams, waitForPreviews } from './harness.ts';

/** The graph as a value: key order aside, as the file would hold it. */
async function graph(page: Page): Promise<unknown> {
  return JSON.parse(await graphText(page));
}

async function key(page: Page, combo: string): Promise<void> {
  await page.keyboard.press(combo);
  await settle(page);
}

/** The tab's stored history as counts of undo and redo steps, or null when none is stored. */
function storedCounts(page: Page): Promise<[number, number] | null> {
  return page.evaluate((prefix) => {
    const tab = sessionStorage.getItem('terrain-graph:tab');
    const raw = localStorage.getItem(prefix + tab);
    if (!raw) return null;
    const r = JSON.parse(raw) as { done?: unknown[]; undone?: unknown[] };
    return [r.done?.length ?? -1, r.undone?.length ?? -1] as [number, number];
  }, HISTORY_PREFIX);
}

function undoState(page: Page): Promise<{ canUndo: boolean; canRedo: boolean }> {
  return page.evaluate(() => {
    const core = (window as never as { terrainGraph: { core: { canUndo: boolean; canRedo: boolean } } }).terrainGraph.core;
    return { canUndo: core.canUndo, canRedo: core.canRedo };
  });
}

describe('undo after a reload', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('undoes every step made before the reload, one gesture at a time, and redoes them, the cursor where it was', async () => {
    const s = await openApp(browser);
    const page = s.page;
    const states = [await graph(page)];

    // 1. A node dragged by its title: many moves, one step.
    const title = (await page.locator('tg-node[data-node-id="pv"] header .title').boundingBox())!;
    await drag(page, { x: title.x + 10, y: title.y + 5 }, { x: title.x + 90, y: title.y + 65 });
    await settle(page);
    states.push(await graph(page));
    expect(states[1]).not.toEqual(states[0]);

    // 2. A slider dragged: one step.
    const shareBefore = (await params(page, 'water')).share as number;
    await showParams(page, 'water');
    const slider = (await page.locator('tg-node[data-node-id="water"] tg-param[name="share"] input[type="range"]').boundingBox())!;
    const y = slider.y + slider.height / 2;
    const x0 = slider.x + 6 + (slider.width - 12) * shareBefore;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + 50, y, { steps: 10 });
    await page.mouse.up();
    await settle(page);
    expect((await params(page, 'water')).share).toBeGreaterThan(shareBefore);
    states.push(await graph(page));

    // 3. A wire drawn over the one into pvCurve.in.
    await dragWire(page, ['eros', 'out'], ['pvCurve', 'in']);
    await settle(page);
    states.push(await graph(page));
    expect(await page.locator('tg-wire svg[data-wire="eros.out>pvCurve.in"]').count()).toBe(1);

    // One undone before the reload: the cursor sits between the slider and the wire.
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect(await graph(page)).toEqual(states[2]);
    await expect.poll(() => storedCounts(page)).toEqual([2, 1]);

    await page.reload();
    await waitForPreviews(page);
    expect(await graph(page)).toEqual(states[2]);
    expect(await undoState(page)).toEqual({ canUndo: true, canRedo: true });
    await expect.poll(() => page.locator('tg-toolbar button', { hasText: 'Undo' }).isEnabled()).toBe(true);

    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect(await graph(page)).toEqual(states[1]);
    expect((await params(page, 'water')).share).toBe(shareBefore);
    await key(page, 'Control+z');
    expect(await graph(page)).toEqual(states[0]);
    expect(await undoState(page)).toEqual({ canUndo: false, canRedo: true });
    // Nothing further back: the start of the history is the graph the page first opened.
    await key(page, 'Control+z');
    expect(await graph(page)).toEqual(states[0]);

    for (const k of [1, 2, 3]) {
      await key(page, 'Control+Shift+z');
      expect(await graph(page)).toEqual(states[k]);
    }
    // The canvas shows the redone wire, not the one it replaced.
    expect(await page.locator('tg-wire svg[data-wire="eros.out>pvCurve.in"]').count()).toBe(1);
    expect(await page.locator('tg-wire svg[data-wire="pv.out>pvCurve.in"]').count()).toBe(0);
    expect(await undoState(page)).toEqual({ canUndo: true, canRedo: false });
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('keeps a drag the page was reloaded in the middle of: the moved node, one undo back to where the drag began', async () => {
    const s = await openApp(browser);
    const page = s.page;
    const start = await graph(page);
    const title = (await page.locator('tg-node[data-node-id="pv"] header .title').boundingBox())!;
    await page.mouse.move(title.x + 10, title.y + 5);
    await page.mouse.down();
    await page.mouse.move(title.x + 110, title.y + 85, { steps: 10 });
    // The button still held, past the autosave's quiet time: the draft and the step are saved.
    await expect.poll(() => storedCounts(page)).toEqual([1, 0]);
    const moved = await graph(page);
    expect(moved).not.toEqual(start);
    await page.reload();
    await waitForPreviews(page);
    await page.mouse.up(); // the button let go on the new page: no gesture there to end
    expect(await graph(page)).toEqual(moved);
    expect(await page.locator('tg-app .toast').count()).toBe(0);
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect(await graph(page)).toEqual(start);
    expect(await undoState(page)).toEqual({ canUndo: false, canRedo: true });
    await key(page, 'Control+Shift+z');
    expect(await graph(page)).toEqual(moved);
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it("keeps each tab's history with its own draft: a second tab starts with a copy of the latest, then each undoes its own", async () => {
    const first = await openApp(browser);
    const a = first.page;
    /** Types a param's value into its field, as a person does, and waits for the history to be saved. */
    const typeParam = async (page: Page, id: string, name: string, value: string, counts: [number, number]) => {
      await showParams(page, id);
      const field = page.locator(`tg-node[data-node-id="${id}"] tg-param[name="${name}"] input[type="number"]`);
      await field.fill(value);
      await field.press('Enter');
      await settle(page);
      await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
      await expect.poll(() => storedCounts(page)).toEqual(counts);
    };
    const gain0 = (await params(a, 'cont')).gain;
    const lift0 = (await params(a, 'wind')).lift;
    await typeParam(a, 'cont', 'gain', '0.65', [1, 0]);
    // A second tab of the same browser opens the latest draft (the first tab's) as a copy, with its step.
    const second = await openApp(browser, { context: first.context });
    const b = second.page;
    expect((await params(b, 'cont')).gain).toBe(0.65);
    expect(await undoState(b)).toEqual({ canUndo: true, canRedo: false });
    await typeParam(b, 'wind', 'lift', '2.5', [2, 0]);
    await typeParam(a, 'cont', 'gain', '0.7', [2, 0]);

    await a.reload();
    await waitForPreviews(a);
    await a.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(a, 'Control+z');
    expect((await params(a, 'cont')).gain).toBe(0.65);
    await key(a, 'Control+z');
    expect((await params(a, 'cont')).gain).toBe(gain0);
    expect((await params(a, 'wind')).lift).toBe(lift0);
    expect(await undoState(a)).toEqual({ canUndo: false, canRedo: true });

    await b.reload();
    await waitForPreviews(b);
    await b.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(b, 'Control+z');
    expect((await params(b, 'wind')).lift).toBe(lift0);
    expect((await params(b, 'cont')).gain).toBe(0.65);
    await key(b, 'Control+z');
    expect((await params(b, 'cont')).gain).toBe(gain0);
    expect(await undoState(b)).toEqual({ canUndo: false, canRedo: true });
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.close();
  });

  /** A context whose tab holds a draft (the default graph, its gain changed) and a stored history `history`, seeded before the app's first script. */
  async function seeded(viewport: { width: number; height: number }, history: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport });
    const text = readFileSync('graphs/default.json', 'utf8').replace('"gain": 0.5', '"gain": 0.65');
    await context.addInitScript(
      ([draftKey, historyKey, record, stored]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem('terrain-graph:tab', 'mine');
        localStorage.setItem(draftKey, record);
        localStorage.setItem(historyKey, stored);
      },
      [`${DRAFT_PREFIX}mine`, `${HISTORY_PREFIX}mine`, JSON.stringify({ savedAt: Date.UTC(2026, 11, 6, 1, 0), name: 'Start terrain with its climate', text }), history],
    );
    return context;
  }

  it.each([
    [1600, 1000],
    [1024, 700],
  ])('opens the draft with an empty history and one line saying why when its stored history is cut short (%i × %i)', async (width, height) => {
    const cut = '{"format":"terrain-graph-history","version":1,"graph":"5911:0","done":[{"label":"move node","entries":[{"cmd":{"kind":"moveNo';
    const context = await seeded({ width, height }, cut);
    const s = await openApp(browser, { context });
    const page = s.page;
    const toast = page.locator('tg-app .toast');
    await expect.poll(() => toast.textContent()).toBe('The undo history was not restored: its record is cut short or damaged. Your graph is as you left it.');
    expect(await toast.getAttribute('data-kind')).toBe('info');
    await page.screenshot({ path: `tests/screenshots/s24-persist-notice-${width}.png` });
    expect((await params(page, 'cont')).gain).toBe(0.65);
    expect(await undoState(page)).toEqual({ canUndo: false, canRedo: false });
    expect(await page.locator('tg-toolbar button', { hasText: 'Undo' }).isDisabled()).toBe(true);
    // The editor goes on: an edit is undoable, and the next save writes a history that reads.
    await showParams(page, 'cont');
    const gain = page.locator('tg-node[data-node-id="cont"] tg-param[name="gain"] input[type="number"]');
    await gain.fill('0.7');
    await gain.press('Enter');
    await settle(page);
    await expect.poll(() => storedCounts(page)).toEqual([1, 0]);
    await page.reload();
    await waitForPreviews(page);
    expect(await page.locator('tg-app .toast').count()).toBe(0);
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect((await params(page, 'cont')).gain).toBe(0.65);
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
