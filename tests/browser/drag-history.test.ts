// A drag's undo step holds the drag alone: what a person does with the keyboard while the mouse
// still holds a slider (the world removed from the note under the map, its button focused) is an
// undo step of its own. It joined the drag's step, and one Ctrl+Z took back both.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { graphText, lightValleys, openText, params, screenshot, settle, showInViewer, showParams, socketCenter, wires, withApp } from './harness.ts';

const note = 'tg-viewer .grid-note';

async function graph(page: Page): Promise<{ world?: unknown; nodes: { id: string; params: Record<string, unknown> }[] }> {
  return JSON.parse(await graphText(page));
}

const inertia = async (page: Page) => (await graph(page)).nodes.find((n) => n.id === 'erosion')!.params.inertia;

/** What has the keyboard, through the shadow roots: its tag and class, as `button.world-remove`. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? `${el.localName}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}` : '';
  });
}

/** Tab pressed until `target` (a tag and class, as focused() reads) has the keyboard; fails naming where the focus went. */
async function tabTo(page: Page, target: string, press = 'Tab'): Promise<void> {
  const seen: string[] = [await focused(page)];
  for (let k = 0; k < 100; k++) {
    await page.keyboard.press(press);
    const now = await focused(page);
    if (now === target) return;
    seen.push(now);
  }
  throw new Error(`Tab never reached ${target}; it went through ${seen.join(', ')}`);
}

async function key(page: Page, combo: string): Promise<void> {
  await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press(combo);
  await settle(page);
}

it('files the world removed with the keyboard while a slider is held as its own undo step, apart from the drag', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    await openText(page, 'eroded-valleys.json', lightValleys());
    await showInViewer(page, 'erosion');
    await page.locator(`${note} button.world-set`).click();
    await expect.poll(async () => (await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    await settle(page);
    await showParams(page, 'erosion');
    const before = await inertia(page);

    // The keyboard on the note's Remove the world (Tab from the button just clicked); then the
    // slider pressed with Shift (a fine drag, which leaves the focus where it was), moved, held.
    await tabTo(page, 'button.world-remove', 'Shift+Tab');
    const box = (await page.locator('tg-node[data-node-id="erosion"] tg-param input[type="range"][name="inertia"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.keyboard.down('Shift');
    await page.mouse.down();
    await page.keyboard.up('Shift');
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 6 });
    await expect.poll(() => inertia(page)).not.toEqual(before);
    const dragged = await inertia(page);
    expect(await focused(page)).toBe('button.world-remove');

    // Still held: Enter removes the world.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await graph(page)).world).toBeUndefined();
    await screenshot(page, 'drag-history-held');
    await page.mouse.up();
    await settle(page);
    expect(await inertia(page)).toEqual(dragged);

    // Ctrl+Z takes back the world's removal alone (the last thing done), then the drag.
    await key(page, 'Control+z');
    expect((await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    expect(await inertia(page)).toEqual(dragged);
    await key(page, 'Control+z');
    expect((await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    expect(await inertia(page)).toEqual(before);
    // And redone, one at a time.
    await key(page, 'Control+Shift+z');
    expect(await inertia(page)).toEqual(dragged);
    expect((await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    await key(page, 'Control+Shift+z');
    expect((await graph(page)).world).toBeUndefined();
  });
}, 240_000);

it('files notes typed and left for a slider as their own undo step, before the drag', async () => {
  // The notes' text reaches the graph when the text area loses the focus: at the press on the
  // slider, after the slider's drag has begun. It joined the drag's step.
  await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
    await openText(page, 'eroded-valleys.json', lightValleys());
    const notesBefore = JSON.parse(await graphText(page)).notes;
    // The node expanded (H), so its sliders stay when the notes take the selection away.
    await showParams(page, 'erosion');
    await page.keyboard.press('h');
    await settle(page);
    const before = await inertia(page);
    await page.locator('tg-app .notes-line').click();
    await page.keyboard.type(' Worn twice.');

    const box = (await page.locator('tg-node[data-node-id="erosion"] tg-param input[type="range"][name="inertia"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 6 });
    await expect.poll(async () => JSON.parse(await graphText(page)).notes).toBe(`${notesBefore} Worn twice.`);
    await screenshot(page, 'drag-history-notes');
    await page.mouse.up();
    await settle(page);
    const dragged = await inertia(page);
    expect(dragged).not.toEqual(before);

    await key(page, 'Control+z');
    expect(await inertia(page)).toEqual(before);
    expect(JSON.parse(await graphText(page)).notes).toBe(`${notesBefore} Worn twice.`);
    await key(page, 'Control+z');
    expect(JSON.parse(await graphText(page)).notes).toBe(notesBefore);
  });
}, 240_000);

it('puts a wire picked off its input back on Escape though a node was pasted while it was held, and keeps the paste', async () => {
  // The paste joined the wire's move, and Escape, which lets go of the move, took the paste back
  // too: a node the person had pasted was gone without a word.
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    const count = async () => JSON.parse(await graphText(page)).nodes.length as number;
    const before = { wires: (await wires(page)).sort(), nodes: await count() };
    await page.locator('tg-node[data-node-id="wind"] header .title').click();
    await page.keyboard.press('Control+c');

    // Off moisture's noise input, held over the canvas: Ctrl+V, then Escape, then let go.
    const from = await socketCenter(page, 'moisture', 'input', 'noise');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 120, from.y + 160, { steps: 10 });
    await expect.poll(async () => (await wires(page)).includes('moistNoise.out>moisture.noise')).toBe(false);
    await page.keyboard.press('Control+v');
    await expect.poll(count).toBe(before.nodes + 1);
    await screenshot(page, 'drag-history-wire-held');
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await settle(page);
    expect((await wires(page)).sort()).toEqual(before.wires);
    expect(await count()).toBe(before.nodes + 1);
    await expect.poll(() => page.locator('tg-wire svg[data-wire="moistNoise.out>moisture.noise"]').count()).toBe(1);

    // Escape left the history as before the move, the paste in it: one Ctrl+Z takes back the
    // paste, and nothing is left to undo. (The move's take-back was a step labelled "move wire",
    // as the move itself, after the move and the paste.)
    expect(await page.locator('tg-toolbar button[title^="Undo"]').getAttribute('title')).toMatch(/^Undo paste node /);
    await key(page, 'Control+z');
    expect((await wires(page)).sort()).toEqual(before.wires);
    expect(await count()).toBe(before.nodes);
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { canUndo: boolean } } }).terrainGraph.core.canUndo)).toBe(false);
  });
}, 240_000);

it('says why a wire picked off its input stays off on Escape when its node was deleted while it was held', async () => {
  // The move's take-back was refused (the node the wire came from is gone) and nothing was said:
  // the wire stayed cut, and the person was left to guess why.
  await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
    const count = async () => JSON.parse(await graphText(page)).nodes.length as number;
    const nodes = await count();
    await page.locator('tg-node[data-node-id="moistNoise"] header .title').click();
    const from = await socketCenter(page, 'moisture', 'input', 'noise');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 120, from.y + 160, { steps: 10 });
    await expect.poll(async () => (await wires(page)).includes('moistNoise.out>moisture.noise')).toBe(false);
    // Still held: Delete deletes the selected node, the wire's output.
    await page.keyboard.press('Delete');
    await expect.poll(count).toBe(nodes - 1);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await settle(page);
    const toast = page.locator('tg-app .toast');
    await expect.poll(() => toast.textContent()).toMatch(/^Could not take back the move wire: unknown node "moistNoise".*\. It stays; Undo takes it back\.$/);
    await screenshot(page, 'drag-history-refused-1024');
    // Undo brings the node back, then the wire.
    await key(page, 'Control+z');
    expect(await count()).toBe(nodes);
    await key(page, 'Control+z');
    expect(await wires(page)).toContain('moistNoise.out>moisture.noise');
  });
}, 240_000);

for (const fine of [false, true]) {
  it(`files a value typed and not entered as its own undo step before a ${fine ? 'Shift-' : ''}drag of the same param's slider`, async () => {
    // The typed value reached the graph as the field lost the focus, after the press on the
    // slider had begun its drag: it joined the drag's step, and one Ctrl+Z took back both. With
    // Shift (a fine drag, which leaves the focus in the field) the drag drew the field over it.
    await withApp({ viewport: fine ? { width: 1024, height: 700 } : { width: 1600, height: 1000 } }, async (page) => {
      await openText(page, 'eroded-valleys.json', lightValleys());
      await showParams(page, 'erosion');
      const before = await inertia(page);
      const field = page.locator('tg-node[data-node-id="erosion"] tg-param[name="inertia"] input[type="number"]');
      await field.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('0.12');
      const box = (await page.locator('tg-node[data-node-id="erosion"] tg-param input[type="range"][name="inertia"]').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
      if (fine) await page.keyboard.down('Shift');
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 6 });
      if (fine) await page.keyboard.up('Shift');
      await screenshot(page, `drag-history-typed-${fine ? 'fine-1024' : '1600'}`);
      await page.mouse.up();
      await settle(page);
      const dragged = await inertia(page);
      expect(dragged).not.toEqual(0.12);
      expect(await field.inputValue()).toBe(String(dragged));

      await key(page, 'Control+z');
      expect(await inertia(page)).toBe(0.12);
      await key(page, 'Control+z');
      expect(await inertia(page)).toEqual(before);
    });
  }, 240_000);
}

it('sets the value typed in its own field before a press on its slider begins the drag (the element alone)', async () => {
  // In the editor the canvas takes the focus back at the press (leaveParam), which sets the value
  // first; the element on its own sent the drag's begin first and the value after, inside the drag.
  await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
    await page.evaluate(() => {
      const el = document.createElement('tg-param');
      Object.assign(el, { nodeId: 'n', nodeTitle: 'Test', name: 'k', spec: { kind: 'number', default: 0.3, min: 0, max: 1, step: 0.01, doc: 'A param.' }, value: 0.3 });
      el.style.cssText = 'position: fixed; left: 300px; top: 200px; width: 360px; z-index: 1000; background: white; display: flex';
      const seen: string[] = [];
      el.addEventListener('tg-param-edit', (e) => {
        const d = (e as CustomEvent<{ phase: string; value?: unknown }>).detail;
        seen.push(d.value === undefined ? d.phase : `${d.phase} ${String(d.value)}`);
      });
      Object.assign(window, { seen });
      document.body.append(el);
    });
    const field = page.locator('body > tg-param input[type="number"]');
    await field.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('0.12');
    const box = (await page.locator('body > tg-param input[type="range"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    const seen = await page.evaluate(() => (window as never as { seen: string[] }).seen);
    expect(seen.slice(0, 2)).toEqual(['set 0.12', 'begin']);
    expect(seen.filter((s) => s === 'set 0.12')).toHaveLength(1);
    expect(seen.at(-1)).toBe('commit');
  });
}, 240_000);

const undoLabel = (page: Page) => page.evaluate(() => (window as never as { terrainGraph: { core: { undoLabel: string | null } } }).terrainGraph.core.undoLabel);

it("cancels a slider's drag with Escape: the value goes back, no undo step, and the moves until the release are ignored", async () => {
  // Escape did not cancel a slider's drag: the canvas took the keys back, the browser filed the
  // drag, and each move after it, the button still held, was an undo step of its own.
  await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
    await openText(page, 'eroded-valleys.json', lightValleys());
    await showParams(page, 'erosion');
    const before = await inertia(page);
    const offered = await undoLabel(page);
    const box = (await page.locator('tg-node[data-node-id="erosion"] tg-param input[type="range"][name="inertia"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 6 });
    await expect.poll(() => inertia(page)).not.toEqual(before);
    await page.keyboard.press('Escape');
    await expect.poll(() => inertia(page)).toEqual(before);
    // Still held: the slider no longer follows the pointer.
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
    await screenshot(page, 'drag-history-slider-escape-1024');
    await page.mouse.up();
    await settle(page);
    expect(await inertia(page)).toEqual(before);
    expect(await undoLabel(page)).toBe(offered);
    expect(await page.locator('tg-node[data-node-id="erosion"] tg-param[name="inertia"] input[type="number"]').inputValue()).toBe(String(before));
    // The node stays selected, its card open: the Escape was the drag's.
    expect(await page.locator('tg-node[data-node-id="erosion"] tg-param[name="inertia"]').count()).toBe(1);
    // The slider is the person's again.
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await settle(page);
    expect(await inertia(page)).not.toEqual(before);
    expect(await undoLabel(page)).toBe('change inertia');
  });
}, 240_000);

it('cancels a Shift-drag with Escape after the world was removed from the keyboard: the removal stays, one undo step', async () => {
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    await openText(page, 'eroded-valleys.json', lightValleys());
    await showInViewer(page, 'erosion');
    await page.locator(`${note} button.world-set`).click();
    await expect.poll(async () => (await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    await settle(page);
    await showParams(page, 'erosion');
    const before = await inertia(page);
    const offered = await undoLabel(page);
    await tabTo(page, 'button.world-remove', 'Shift+Tab');
    const box = (await page.locator('tg-node[data-node-id="erosion"] tg-param input[type="range"][name="inertia"]').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.keyboard.down('Shift');
    await page.mouse.down();
    await page.keyboard.up('Shift');
    await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 6 });
    await expect.poll(() => inertia(page)).not.toEqual(before);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await graph(page)).world).toBeUndefined();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2, { steps: 2 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await settle(page);
    await screenshot(page, 'drag-history-shift-escape-1600');
    expect(await inertia(page)).toEqual(before);
    expect((await graph(page)).world).toBeUndefined();
    // One undo step: the world's removal. Then the history as it was before the drag.
    await key(page, 'Control+z');
    expect((await graph(page)).world).toEqual({ x: -1, y: -1, size: 3 });
    expect(await inertia(page)).toEqual(before);
    expect(await undoLabel(page)).toBe(offered);
  });
}, 240_000);

it("cancels a curve point's drag with Escape: the points go back and nothing is filed", async () => {
  // Escape did nothing to a point's drag: it went on, and the release filed it.
  await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
    const points = async () => (await params(page, 'erosCurve')).points as number[][];
    const before = await points();
    const offered = await undoLabel(page);
    const editor = page.locator('tg-node[data-node-id="erosCurve"] tg-curve-editor');
    const at = (await editor.evaluate((el) => (el as unknown as { pointAt(k: number): { x: number; y: number } }).pointAt(1)))!;
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x, at.y - 20, { steps: 5 });
    await expect.poll(points).not.toEqual(before);
    await page.keyboard.press('Escape');
    await expect.poll(points).toEqual(before);
    await page.mouse.move(at.x, at.y - 30, { steps: 3 });
    await screenshot(page, 'drag-history-curve-escape-1600');
    await page.mouse.up();
    await settle(page);
    expect(await points()).toEqual(before);
    expect(await undoLabel(page)).toBe(offered);
  });
}, 240_000);
