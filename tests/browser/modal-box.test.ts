// The editor's modal boxes behave as one (ModalBox in src/app/controllers.ts), driven with the
// real keyboard and mouse: Save as's question, Share and Export → Tiles are dialogs with
// aria-modal and a name; Tab and Shift+Tab go round each box's own controls and never reach the
// page behind it; Escape closes each and the focus goes back to the button that opened it; a
// press on the dimmed page closes the question and the tiles, not Share (its link is there to be
// copied); a press on a box's text keeps its keys in the box (Delete removed the selected node
// behind the tiles); Ctrl+S under a box saves nothing and opens no Save Page. The problem list
// and the ? sheet alike. Screenshots of the three boxes at
// 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, screenshot, settle } from './harness.ts';

/** The focused element through the shadow roots, from tg-app in: "tg-ask-dialog > input", "tg-toolbar > button.share". */
function focus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const path: string[] = [];
    let at: Element | null = document.activeElement;
    while (at) {
      path.push(at.localName + (at.className && typeof at.className === 'string' ? `.${at.className.split(' ')[0]}` : ''));
      at = at.shadowRoot?.activeElement ?? null;
    }
    return path.filter((p) => p !== 'tg-app').join(' > ');
  });
}

/** Presses Tab (Shift+Tab when `back`) `n` times and returns where the focus was after each. */
async function tabs(page: Page, n: number, back = false): Promise<string[]> {
  const seen: string[] = [];
  for (let k = 0; k < n; k++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await focus(page));
  }
  return seen;
}

/** The box's role, modality and name. */
function aria(page: Page, box: string): Promise<(string | null)[]> {
  return page.locator(box).evaluate((el) => [el.getAttribute('role'), el.getAttribute('aria-modal'), el.getAttribute('aria-label')]);
}

/** A press on the dimmed page, in the window's top-left corner, away from every box. */
async function pressOutside(page: Page): Promise<void> {
  await page.mouse.click(6, 6);
}

async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, `modal-${name}-1600`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await settle(page);
  await screenshot(page, `modal-${name}-1024`);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await settle(page);
}

/**
 * Presses Ctrl+S and tells whether the page kept it from the browser (whose Save Page would
 * open) and whether the editor saved: under a box, neither happens.
 */
async function ctrlS(page: Page): Promise<{ prevented: boolean; downloads: number }> {
  await page.evaluate(() => {
    const w = window as never as { lastKeyPrevented: Promise<boolean> };
    w.lastKeyPrevented = new Promise((done) => {
      const seen = (e: KeyboardEvent) => {
        if (e.key !== 's') return;
        window.removeEventListener('keydown', seen, true);
        // Read once every listener has had it.
        setTimeout(() => done(e.defaultPrevented));
      };
      window.addEventListener('keydown', seen, true);
    });
  });
  let downloads = 0;
  const count = () => downloads++;
  page.on('download', count);
  await page.keyboard.press('Control+s');
  const prevented = await page.evaluate(() => (window as never as { lastKeyPrevented: Promise<boolean> }).lastKeyPrevented);
  await page.waitForTimeout(200);
  page.off('download', count);
  return { prevented, downloads };
}

const nodeIds = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { id: string }[] } } } }).terrainGraph.core.graph.nodes.map((n) => n.id));

describe('one modal box', () => {
  const app = appPerTest();

  it('Save as: Tab and Shift+Tab go round the field and its two buttons; Escape and a press outside cancel, the focus back on Save as…', async () => {
    const page = app.s.page;
    const box = 'tg-ask-dialog';
    const saveAs = page.locator('tg-toolbar button', { hasText: 'Save as…' });
    await saveAs.click();
    await page.locator(`${box} input`).waitFor();
    expect(await aria(page, box)).toEqual(['dialog', 'true', 'Save the graph as']);
    expect(await focus(page)).toBe('tg-ask-dialog > input');
    await shots(page, 'save-as');
    expect(await tabs(page, 4)).toEqual(['tg-ask-dialog > button.confirm', 'tg-ask-dialog > button.cancel', 'tg-ask-dialog > input', 'tg-ask-dialog > button.confirm']);
    expect(await tabs(page, 3, true)).toEqual(['tg-ask-dialog > input', 'tg-ask-dialog > button.cancel', 'tg-ask-dialog > button.confirm']);
    // A press on the box's title keeps the keys in the box: Tab comes back to its first control.
    await page.locator(`${box} h2`).click();
    expect(await focus(page)).toBe('tg-ask-dialog');
    expect(await tabs(page, 1)).toEqual(['tg-ask-dialog > input']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(box).count()).toBe(0);
    expect(await focus(page)).toBe('tg-toolbar > button');
    // A press on the dimmed page cancels too, the focus back on the button.
    await saveAs.click();
    await page.locator(`${box} input`).waitFor();
    await pressOutside(page);
    await expect.poll(() => page.locator(box).count()).toBe(0);
    expect(await focus(page)).toBe('tg-toolbar > button');
  });

  it('Share: Tab goes round the link and its two buttons; a press outside leaves it open; Escape closes it, the focus back on Share', async () => {
    const page = app.s.page;
    const box = 'tg-share-dialog';
    await page.locator('tg-toolbar button.share').click();
    await page.locator(`${box} input.link`).waitFor();
    await settle(page);
    expect(await aria(page, box)).toEqual(['dialog', 'true', 'Share as a link']);
    expect(await focus(page)).toBe('tg-share-dialog > input.link');
    await shots(page, 'share');
    expect(await tabs(page, 4)).toEqual(['tg-share-dialog > button.copy', 'tg-share-dialog > button', 'tg-share-dialog > input.link', 'tg-share-dialog > button.copy']);
    expect(await tabs(page, 2, true)).toEqual(['tg-share-dialog > input.link', 'tg-share-dialog > button']);
    await pressOutside(page);
    await settle(page);
    expect(await page.locator(box).count()).toBe(1);
    // The press took the focus to the box itself, not the page: Shift+Tab comes back to its last control, Escape closes it.
    expect(await focus(page)).toBe('tg-share-dialog');
    expect(await tabs(page, 1, true)).toEqual(['tg-share-dialog > button']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(box).count()).toBe(0);
    expect(await focus(page)).toBe('tg-toolbar > button.share');
  });

  it('Export → Tiles: Tab goes round every control of the box; a press on its text keeps Delete from the node behind; Escape and a press outside close it, the focus back on Tiles…', async () => {
    const page = app.s.page;
    const box = 'tg-tiles-dialog';
    await page.locator('tg-node[data-node-id="height"] header .title').click();
    await settle(page);
    const tiles = page.locator('tg-viewer button.tiles-open');
    await tiles.click();
    await page.locator(box).waitFor();
    expect(await aria(page, box)).toEqual(['dialog', 'true', 'Export tiles']);
    expect(await focus(page)).toBe('tg-viewer > tg-tiles-dialog > button.layout');
    await shots(page, 'tiles');
    // Unreal, Unity, tile size, resolution, metres a sample, height range, tiles or samples, across, up, format, Export, Close: twelve, then round.
    const round = await tabs(page, 12);
    expect(round.every((f) => f.startsWith('tg-viewer > tg-tiles-dialog > '))).toBe(true);
    expect(round.slice(-3)).toEqual(['tg-viewer > tg-tiles-dialog > button.confirm', 'tg-viewer > tg-tiles-dialog > button.cancel', 'tg-viewer > tg-tiles-dialog > button.layout']);
    expect(await tabs(page, 1, true)).toEqual(['tg-viewer > tg-tiles-dialog > button.cancel']);
    // The selected node stays when Delete is pressed after a press on the box's text.
    expect(await nodeIds(page)).toContain('height');
    await page.locator(`${box} p.summary`).click();
    await page.keyboard.press('Delete');
    await settle(page);
    expect(await nodeIds(page)).toContain('height');
    expect(await page.locator(box).count()).toBe(1);
    // Ctrl+S opens neither the editor's save nor the browser's Save Page under it.
    expect(await ctrlS(page)).toEqual({ prevented: true, downloads: 0 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(box).count()).toBe(0);
    await expect.poll(() => focus(page)).toBe('tg-viewer > button.tiles-open');
    await tiles.click();
    await page.locator(box).waitFor();
    await pressOutside(page);
    await expect.poll(() => page.locator(box).count()).toBe(0);
    await expect.poll(() => focus(page)).toBe('tg-viewer > button.tiles-open');
  });

  it('the problem list and the ? sheet: the focus on Close, Tab kept there, Escape closes each with the focus back; a click outside closes the sheet, not the list', async () => {
    const page = app.s.page;
    const canvas = page.locator('tg-app .canvas');
    await canvas.focus();
    await page.keyboard.press('?');
    const sheet = page.locator('tg-help');
    await sheet.waitFor();
    expect(await aria(page, 'tg-help')).toEqual(['dialog', 'true', 'Shortcuts and gestures']);
    expect(await focus(page)).toBe('tg-help > button');
    expect(await tabs(page, 2)).toEqual(['tg-help > button', 'tg-help > button']);
    expect(await ctrlS(page)).toEqual({ prevented: true, downloads: 0 });
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await focus(page)).toBe('div.canvas');
    await page.keyboard.press('?');
    await sheet.waitFor();
    await pressOutside(page);
    await expect.poll(() => sheet.count()).toBe(0);
    expect(await focus(page)).toBe('div.canvas');

    const bad = JSON.stringify({ format: 'terrain-graph', version: 3, name: 'bad', view: { x: 0, y: 0, size: 64 }, nodes: [{ id: 'a', type: 'nope', position: [0, 0], params: {} }], edges: [] });
    await page.locator('tg-toolbar input[type="file"]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    const list = page.locator('tg-problems');
    await list.waitFor();
    await settle(page);
    expect(await aria(page, 'tg-problems')).toEqual(['alertdialog', 'true', 'Problems in the file']);
    expect(await focus(page)).toBe('tg-problems > button');
    expect(await tabs(page, 2, true)).toEqual(['tg-problems > button', 'tg-problems > button']);
    await pressOutside(page);
    await settle(page);
    expect(await list.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => list.count()).toBe(0);
  });
});
