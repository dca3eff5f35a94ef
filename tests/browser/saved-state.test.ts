// The unsaved mark follows the undo history, driven with the real mouse and keyboard: undo back
// to the graph as opened or last saved clears it, redo sets it again, a wire picked off and let
// go with Escape or a node dragged back where it began never sets it, and after a reload an undo
// onto the saved step still clears it. Ctrl+S with a node still held saves the graph as shown,
// and the mark says afterwards whether the graph still is what the file holds.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, params, screenshot, settle, showParams, socketCenter, waitForPreviews } from './harness.ts';

/** The toolbar's unsaved mark: '●' or nothing. */
async function unsavedMark(page: Page): Promise<string> {
  return (await page.locator('tg-toolbar .dirty').textContent())?.trim() ?? '';
}

async function key(page: Page, combo: string): Promise<void> {
  await page.keyboard.press(combo);
  await settle(page);
}

/** Bypasses (or brings back) the node: an edit of one undo step. */
async function toggleBypass(page: Page, id: string): Promise<void> {
  await page.locator(`tg-node[data-node-id="${id}"] header .title`).click();
  await key(page, 'Control+b');
}

describe('the unsaved mark and undo', () => {
  const app = appPerTest();

  it('goes on an edit, off when it is undone back to the graph as opened or saved, on again on redo', async () => {
    const page = app.s.page;
    expect(await unsavedMark(page)).toBe('');
    await toggleBypass(page, 'cont');
    expect(await unsavedMark(page)).toBe('●');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('');
    await key(page, 'Control+Shift+z');
    expect(await unsavedMark(page)).toBe('●');
    // Saved with the bypass: the file holds that step now, not the graph as opened.
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    await settle(page);
    expect(await unsavedMark(page)).toBe('');
    await toggleBypass(page, 'wind');
    expect(await unsavedMark(page)).toBe('●');
    await screenshot(page, 'saved-state-edited');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('●');
    await key(page, 'Control+Shift+z');
    expect(await unsavedMark(page)).toBe('');
    await screenshot(page, 'saved-state-undone');
  });

  it('stays off through a wire picked off and let go with Escape, and a node dragged back where it began', async () => {
    const page = app.s.page;
    const edge = await page.evaluate(() => {
      const e = (window as never as { terrainGraph: { core: { graph: { edges: { to: { node: string; port: string } }[] } } } }).terrainGraph.core.graph.edges[0];
      return e.to;
    });
    const input = await socketCenter(page, edge.node, 'input', edge.port);
    await page.mouse.move(input.x, input.y);
    await page.mouse.down();
    await page.mouse.move(input.x - 120, input.y + 90, { steps: 8 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await settle(page);
    expect(await unsavedMark(page)).toBe('');
    const title = (await page.locator('tg-node[data-node-id="cont"] header .title').boundingBox())!;
    const at = { x: title.x + title.width / 2, y: title.y + title.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 150, at.y + 80, { steps: 8 });
    await page.mouse.move(at.x, at.y, { steps: 8 });
    await page.mouse.up();
    await settle(page);
    expect(await unsavedMark(page)).toBe('');
  });

  it('goes off on an undo onto the saved step after a reload', async () => {
    const page = app.s.page;
    await toggleBypass(page, 'cont');
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    await settle(page);
    await toggleBypass(page, 'wind');
    expect(await unsavedMark(page)).toBe('●');
    // Leaving the page autosaves the draft and its history.
    await page.reload();
    await waitForPreviews(page);
    expect(await unsavedMark(page)).toBe('●');
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('●');
  });

  it('Ctrl+S during a held node drag saves the graph as shown; the mark stays honest through the rest of the drag, the release and undo', async () => {
    const page = app.s.page;
    const position = () => page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { position: [number, number] } } } }).terrainGraph.core.node('cont').position);
    const title = (await page.locator('tg-node[data-node-id="cont"] header .title').boundingBox())!;
    const at = { x: title.x + title.width / 2, y: title.y + title.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 120, at.y + 60, { steps: 8 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    await settle(page);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { nodes: { id: string; position: [number, number] }[] };
    const held = await position();
    // The file holds the node where it is held, and the mark is off while it stays there.
    expect(saved.nodes.find((n) => n.id === 'cont')!.position).toEqual(held);
    expect(await unsavedMark(page)).toBe('');
    await page.mouse.move(at.x + 200, at.y + 100, { steps: 6 });
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    await screenshot(page, 'saved-state-drag-moved-on');
    await page.mouse.move(at.x + 120, at.y + 60, { steps: 6 });
    await settle(page);
    expect(await position()).toEqual(held);
    expect(await unsavedMark(page)).toBe('');
    await page.mouse.up();
    await settle(page);
    // Let go where it was saved: no mark (it stayed on before).
    expect(await unsavedMark(page)).toBe('');
    await screenshot(page, 'saved-state-drag-saved');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('●');
    await key(page, 'Control+Shift+z');
    expect(await unsavedMark(page)).toBe('');
  });

  it('Ctrl+S during a held drag that then moves on leaves the mark on, and undo does not clear it over a file that holds the drag', async () => {
    const page = app.s.page;
    const title = (await page.locator('tg-node[data-node-id="cont"] header .title').boundingBox())!;
    const at = { x: title.x + title.width / 2, y: title.y + title.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 120, at.y + 60, { steps: 8 });
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    await page.mouse.move(at.x + 200, at.y + 100, { steps: 6 });
    await page.mouse.up();
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    // The graph as opened is not what the file holds any more: it cleared the mark before.
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('●');
  });

  it('Ctrl+S during a held slider drag at 1024 × 700: the file holds the value shown, and the mark is off after the release there', async () => {
    const page = app.s.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    await showParams(page, 'water');
    const before = (await params(page, 'water')).share as number;
    const slider = page.locator('tg-node[data-node-id="water"] tg-param[name="share"] input[type="range"]');
    const box = (await slider.boundingBox())!;
    const y = box.y + box.height / 2;
    const x0 = box.x + 6 + (box.width - 12) * before;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + 30, y, { steps: 6 });
    await settle(page);
    const held = (await params(page, 'water')).share as number;
    expect(held).not.toBe(before);
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    await settle(page);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { nodes: { id: string; params: Record<string, unknown> }[] };
    expect(file.nodes.find((n) => n.id === 'water')!.params.share).toBe(held);
    expect(await unsavedMark(page)).toBe('');
    await screenshot(page, 'saved-state-slider-held-1024');
    await page.mouse.up();
    await settle(page);
    expect((await params(page, 'water')).share).toBe(held);
    expect(await unsavedMark(page)).toBe('');
    await key(page, 'Control+z');
    expect(await unsavedMark(page)).toBe('●');
  });
});
