// What people from Gaea, World Machine and ComfyUI expect of a node editor, driven with the real
// mouse and keyboard: legible at first sight, the viewer on the final output, the palette at
// the pointer, a node's own menu, rename, bypass, the graph's name, notes and unsaved mark,
// Save as, the help sheet, light and dark, and the sockets that light up under a wire.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, graphText, nodePixels, openApp, screenshot, settle, socketCenter, type TestHandle, waitForPreviews, wires } from './harness.ts';

const handle = (page: Page) => page.evaluate(() => (window as unknown as { terrainGraph: TestHandle }).terrainGraph.core.graph.nodes.map((n) => n.id));

/** The smallest text of the canvas, in screen pixels: every visible text in every node (shadow roots included). */
async function smallestText(page: Page): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    let best = { px: Infinity, text: '' };
    const visit = (root: ParentNode, scale: number) => {
      for (const el of root.querySelectorAll('*')) {
        const own = [...el.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim()).map((c) => c.textContent!.trim()).join(' ');
        const style = getComputedStyle(el);
        if (own && el.getClientRects().length && style.visibility !== 'hidden' && style.display !== 'none') {
          const px = parseFloat(style.fontSize) * scale;
          if (px < best.px) best = { px, text: own.slice(0, 40) };
        }
        if (el.shadowRoot) visit(el.shadowRoot, scale);
      }
    };
    const app = document.querySelector('tg-app')!;
    for (const node of app.shadowRoot!.querySelectorAll('tg-node')) {
      const el = node as HTMLElement;
      visit(el.shadowRoot!, el.getBoundingClientRect().width / el.offsetWidth);
    }
    return best;
  });
}

async function emptySpot(page: Page, dx = 150, dy = 60): Promise<{ x: number; y: number }> {
  const area = (await page.locator('tg-app .canvas').boundingBox())!;
  return { x: area.x + dx, y: area.y + area.height - dy };
}

const core = <T>(page: Page, f: string) => page.evaluate(f) as Promise<T>;

describe('habits people bring', () => {
  const app = appPerTest();

  it('shows the default graph legibly at zoom to fit: no text under 10 px at 1600 × 1000', async () => {
    const page = app.s.page;
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const smallest = await smallestText(page);
    expect(smallest.px, `smallest text: "${smallest.text}"`).toBeGreaterThanOrEqual(10);
    // Every node is on screen, inside the canvas.
    const area = (await page.locator('tg-app .canvas').boundingBox())!;
    for (const id of await handle(page)) {
      const box = (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(area.x);
      expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    }
    // A title cut at fit ("Continental…") is whole in its header's tooltip, which gave the node's type alone.
    const titles = await page.locator('tg-node header').evaluateAll((hs) =>
      hs.map((h) => {
        const t = h.querySelector('.title')!;
        // The part an ellipsis cuts: the title but a number at its end (node.ts titleParts).
        const stem = t.querySelector('.stem')!;
        return { text: t.textContent!, cut: stem.scrollWidth > stem.clientWidth, tip: h.getAttribute('title')! };
      }),
    );
    expect(titles.filter((t) => t.cut).length).toBeGreaterThan(0);
    for (const t of titles) expect(t.tip.startsWith(t.text), `${t.text}: "${t.tip}"`).toBe(true);
    await screenshot(page, 'habits-1600-dark');
  });

  it('starts the viewer on the final output, also after a reload', async () => {
    const page = app.s.page;
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
    await page.reload();
    await waitForPreviews(page);
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
  });

  it('opens the palette at the pointer on a double-click, Tab or Space, and adds the node there', async () => {
    const page = app.s.page;
    const spot = await emptySpot(page);
    await page.mouse.dblclick(spot.x, spot.y);
    const menu = page.locator('tg-node-menu');
    await expect.poll(() => menu.count()).toBe(1);
    const box = (await menu.boundingBox())!;
    expect(Math.abs(box.x - spot.x)).toBeLessThan(10);
    await page.keyboard.type('curve');
    await screenshot(page, 'habits-palette');
    await page.keyboard.press('Enter');
    await settle(page);
    const added = (await page.locator('tg-node[data-node-id="curve"]').boundingBox())!;
    expect(Math.abs(added.x - spot.x)).toBeLessThan(12);
    // Among the default graph's collapsed nodes it comes collapsed, like them (expanded, its
    // params were drawn at the canvas's zoom: 5–9 px; collapsed, a card shows them at their own
    // size when it is selected, and a curve's points are its picture).
    expect(await page.locator('tg-node[data-node-id="curve"]').getAttribute('collapsed')).not.toBeNull();
    for (const key of ['Tab', 'Space']) {
      const at = await emptySpot(page, 420, 80);
      await page.mouse.move(at.x, at.y);
      await page.keyboard.press(key);
      await expect.poll(() => menu.count()).toBe(1);
      expect(Math.abs((await menu.boundingBox())!.x - at.x)).toBeLessThan(10);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.count()).toBe(0);
    }
  });

  it('leaves Tab and Space to a focused toolbar button (Space presses it, Tab moves on); on the canvas they open the palette', async () => {
    const page = app.s.page;
    const menu = page.locator('tg-node-menu');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    /** The label of the element that has the focus, through shadow roots. */
    const focused = () =>
      page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? `${el.localName}:${el.getAttribute('aria-label') ?? el.textContent?.trim()}` : '';
      });
    const first = await theme();
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).not.toBe(first);
    expect(await focused()).toBe('button:theme');
    await page.keyboard.press('Space');
    await expect.poll(theme).toBe(first);
    expect(await menu.count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(focused).not.toBe('button:theme');
    expect(await menu.count()).toBe(0);
    await screenshot(page, 'habits-tab-on-button');
    // Back on the canvas, Space opens the palette again.
    const at = await emptySpot(page, 420, 80);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.press('Space');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });

  it('offers rename, bypass, collapse, duplicate, show in viewer and delete on a right-click on a node', async () => {
    const page = app.s.page;
    const title = page.locator('tg-node[data-node-id="tempNoise"] header .title');
    await title.click({ button: 'right' });
    const menu = page.locator('tg-context-menu');
    await expect.poll(() => menu.locator('button').allTextContents()).toEqual([
      expect.stringContaining('Rename'),
      expect.stringContaining('Bypass'),
      expect.stringContaining('Collapsed'),
      expect.stringContaining('Duplicate'),
      expect.stringContaining('Frame selection'),
      expect.stringContaining('Show in viewer'),
      expect.stringContaining('Delete'),
    ]);
    await screenshot(page, 'habits-node-menu');
    // The selected node's params card lies over the node below it, not under it.
    const card = await page.locator('tg-node[data-node-id="tempNoise"] .params.card').boundingBox();
    const hit = await page.evaluate(([x, y]) => {
      let el: Element | null = document.elementFromPoint(x, y);
      while (el?.shadowRoot?.elementFromPoint(x, y) && el.shadowRoot.elementFromPoint(x, y) !== el) el = el.shadowRoot.elementFromPoint(x, y);
      const host = (el?.getRootNode() as ShadowRoot | undefined)?.host;
      return host?.localName === 'tg-param' || el?.localName === 'tg-param' ? 'param' : el?.localName;
    }, [card!.x + card!.width - 30, card!.y + card!.height - 10]);
    expect(hit).toBe('param');
    await menu.locator('button[data-action="rename"]').click();
    const input = page.locator('tg-node[data-node-id="tempNoise"] input.rename');
    await expect.poll(() => input.count()).toBe(1);
    await page.keyboard.type('Warmth noise');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe('Warmth noise');
    // Show in viewer.
    await title.click({ button: 'right' });
    await menu.locator('button[data-action="show"]').click();
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('tempNoise');
    // Duplicate, then delete the copy from its menu.
    await title.click({ button: 'right' });
    await menu.locator('button[data-action="duplicate"]').click();
    await settle(page);
    expect(await handle(page)).toContain('tempNoise2');
    await page.locator('tg-node[data-node-id="tempNoise2"] header .title').click({ button: 'right' });
    await menu.locator('button[data-action="delete"]').click();
    await settle(page);
    expect(await handle(page)).not.toContain('tempNoise2');
    // Collapse toggles from the menu too: the node grows its params back.
    await title.click({ button: 'right' });
    await menu.locator('button[data-action="collapse"]').click();
    await settle(page);
    expect(await core<boolean>(page, "!!terrainGraph.core.node('tempNoise').collapsed")).toBe(false);
    await expect.poll(() => page.locator('tg-node[data-node-id="tempNoise"] tg-param[name="frequency"]').count()).toBe(1);
  });

  it('renames a node with a double-click on its title; Escape keeps the old title; undo brings it back', async () => {
    const page = app.s.page;
    const title = page.locator('tg-node[data-node-id="rank"] header .title');
    await title.dblclick();
    const input = page.locator('tg-node[data-node-id="rank"] input.rename');
    const focused = () => input.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement).catch(() => false);
    await expect.poll(focused).toBe(true);
    await page.keyboard.type('Inland');
    await page.keyboard.press('Escape');
    await expect.poll(() => title.textContent()).toBe('Land rank');
    await title.dblclick();
    await expect.poll(focused).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('How far inland');
    await page.keyboard.press('Enter');
    await expect.poll(() => title.textContent()).toBe('How far inland');
    await page.keyboard.press('Control+z');
    await expect.poll(() => title.textContent()).toBe('Land rank');
  });

  it('bypasses a node with Ctrl+B: dimmed, its input passed through downstream, saved in the file, undoable', async () => {
    const page = app.s.page;
    const heightBefore = await nodePixels(page, 'height');
    await page.locator('tg-node[data-node-id="contCurve"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    expect(await page.locator('tg-node[data-node-id="contCurve"][bypassed]').count()).toBe(1);
    await expect.poll(async () => (await nodePixels(page, 'height')).hash).not.toBe(heightBefore.hash);
    expect(await graphText(page)).toContain('"bypass":true');
    await screenshot(page, 'habits-bypassed');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await page.locator('tg-node[data-node-id="contCurve"][bypassed]').count()).toBe(0);
    await expect.poll(async () => (await nodePixels(page, 'height')).hash).toBe(heightBefore.hash);
  });

  it('lights the sockets that would take a wire while it is drawn, and dims the others', async () => {
    const page = app.s.page;
    const from = await socketCenter(page, 'tempNoise', 'output', 'out');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 5 });
    const hint = (id: string, socket: string) => page.locator(`tg-node[data-node-id="${id}"] rete-ref[data-socket="${socket}"]`).getAttribute('data-wire-hint');
    await expect.poll(() => hint('moisture', 'input:noise')).toBe('take');
    expect(await hint('coast', 'input:terrain')).toBe('refuse');
    expect(await hint('cont', 'output:out')).toBe('refuse');
    await screenshot(page, 'habits-wire-hints');
    await page.mouse.up();
    await expect.poll(() => hint('moisture', 'input:noise')).toBe(null);
  });

  it('shows the graph\'s notes, renames the graph, marks unsaved changes and saves as another file', async () => {
    const page = app.s.page;
    const notes = page.locator('tg-app .notes-line');
    expect(await notes.textContent()).toContain('Three noises through three curves');
    const dirty = page.locator('tg-toolbar .dirty');
    expect((await dirty.textContent())!.trim()).toBe('');
    const name = page.locator('tg-toolbar input.name');
    await name.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('My island');
    await page.keyboard.press('Enter');
    await expect.poll(() => core<string>(page, 'terrainGraph.core.graph.name')).toBe('My island');
    await expect.poll(async () => (await dirty.textContent())!.trim()).toBe('●');
    await notes.click();
    const area = page.locator('tg-app .notes-card textarea');
    await area.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Mine now.');
    await page.locator('tg-app .canvas').click({ position: { x: 10, y: 10 } });
    await expect.poll(() => core<string>(page, 'terrainGraph.core.graph.notes')).toMatch(/Mine now\.$/);
    await screenshot(page, 'habits-notes');
    // Escape closes the notes, keeping what was typed just before it.
    await area.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Truly.');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('tg-app .notes-card').count()).toBe(0);
    expect(await core<string>(page, 'terrainGraph.core.graph.notes')).toMatch(/Mine now\. Truly\.$/);
    expect(await notes.textContent()).toContain('Truly.');
    // Save as asks in the editor's own box, the name's stem selected, checked as it is typed.
    const downloads: string[] = [];
    const count = (d: { suggestedFilename(): string }) => downloads.push(d.suggestedFilename());
    page.on('download', count);
    const box = page.locator('tg-ask-dialog');
    const field = box.locator('input');
    const save = box.locator('button.confirm');
    await page.locator('tg-toolbar button', { hasText: 'Save as…' }).click();
    await expect.poll(() => field.evaluate((el: HTMLInputElement) => [el.value, el.value.slice(el.selectionStart!, el.selectionEnd!), el === (el.getRootNode() as ShadowRoot).activeElement])).toEqual(['default.json', 'default', true]);
    await page.keyboard.type('maps/island');
    await expect.poll(() => box.locator('p.note').textContent()).toMatch(/cannot hold "\/": the browser saves to its downloads folder/);
    expect(await save.isDisabled()).toBe(true);
    // Enter does not save a name the box refuses, nor does anything the canvas would do with the keys.
    await page.keyboard.press('Enter');
    await screenshot(page, 'habits-save-as-refused');
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, 'habits-save-as-1024');
    await page.setViewportSize({ width: 1600, height: 1000 });
    expect(await box.count()).toBe(1);
    // Escape cancels: nothing is saved, the graph is still unsaved.
    await page.keyboard.press('Escape');
    await expect.poll(() => box.count()).toBe(0);
    expect((await dirty.textContent())!.trim()).not.toBe('');
    await page.locator('tg-toolbar button', { hasText: 'Save as…' }).click();
    await field.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('island-2');
    await expect.poll(() => box.locator('p.note').textContent()).toBe('Downloads as island-2.json');
    await screenshot(page, 'habits-save-as');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('island-2.json');
    expect(downloads).toEqual(['island-2.json']);
    page.off('download', count);
    await expect.poll(() => box.count()).toBe(0);
    await expect.poll(async () => (await dirty.textContent())!.trim()).toBe('');
    // Save from then on keeps that name; Ctrl+S saves too.
    const again = page.waitForEvent('download');
    await page.keyboard.press('Control+s');
    expect((await again).suggestedFilename()).toBe('island-2.json');
  });

  it('opens the sheet of every shortcut with ?, and closes it with Escape', async () => {
    const page = app.s.page;
    await page.keyboard.press('?');
    const sheet = page.locator('tg-help');
    await expect.poll(() => sheet.count()).toBe(1);
    const text = await sheet.evaluate((el) => el.shadowRoot!.textContent);
    for (const words of ['Tab', 'Ctrl+B', 'Ctrl+D', 'rename', 'zoom to fit', 'undo']) expect(text).toContain(words);
    await screenshot(page, 'habits-help');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
  });

  it('switches between dark and light, and keeps the choice after a reload', async () => {
    const page = app.s.page;
    const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-bg').trim());
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // The test browser's system preference is light: the page starts light.
    expect(await theme()).toBe('light');
    const light = await bg();
    await screenshot(page, 'habits-1600-light');
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).toBe('dark');
    expect(await bg()).not.toBe(light);
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).toBe('light');
    await page.locator('tg-toolbar button[aria-label="theme"]').click();
    await expect.poll(theme).toBe('dark');
    // The choice outlives a reload, against the system's preference.
    await page.reload();
    await waitForPreviews(page);
    expect(await theme()).toBe('dark');
  });
});

describe('the system theme and a small window', () => {
  it('follows prefers-color-scheme: light, and fits 1024 × 700 with one toolbar row and a small minimap', async () => {
    const { launch } = await import('./harness.ts');
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1024, height: 700 }, colorScheme: 'light', acceptDownloads: true });
      const s = await openApp(browser, { context });
      const page = s.page;
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      const bar = (await page.locator('tg-toolbar').boundingBox())!;
      expect(bar.height).toBeLessThanOrEqual(40);
      const buttons = await page.locator('tg-toolbar button:visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })));
      for (const b of buttons) {
        expect(b.top).toBeLessThan(bar.y + 10);
        expect(b.right).toBeLessThanOrEqual(1024);
      }
      const canvas = (await page.locator('tg-app .canvas').boundingBox())!;
      expect(canvas.width).toBeGreaterThan(600);
      // The minimap's frame: a sixth of the canvas's width at most, not the third it took.
      const minimap = await page.locator('tg-app .canvas .tg-minimap').evaluate((el) => el.getBoundingClientRect().width);
      expect(minimap).toBeGreaterThan(0);
      expect(minimap).toBeLessThanOrEqual(canvas.width / 6);
      await screenshot(page, 'habits-1024-light');
      await page.evaluate(() => document.querySelector('tg-app')!.dispatchEvent(new CustomEvent('tg-theme', { detail: { theme: 'dark' } })));
      await settle(page);
      await screenshot(page, 'habits-1024-dark');
      expect(s.errors).toEqual([]);
      await s.close();
    } finally {
      await browser.close();
    }
  });
});
