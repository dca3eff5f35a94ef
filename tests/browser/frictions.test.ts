// Small frictions people from other node editors trip on, driven with the real mouse and
// keyboard: a saved graph that comes back marked unsaved after a reload, a compare pin that
// followed its node id into the next recipe (both halves showed the new graph), a wire dropped
// on a node's body that opened the palette over the node, the Recipes list in file-name order,
// table cells and an export's note that broke words at 1024 × 700; and Ctrl+A, H, which must
// leave no expanded node over another.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest, drag, openRecipe, screenshot, settle, socketCenter, waitForPreviews, wirePoint, wires } from './harness.ts';

/** The centre of a node's body (its preview), in page pixels. */
async function bodyOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(`tg-node[data-node-id="${id}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height * 0.6 };
}

/**
 * Where the text of the elements matching `selector` in the viewer wraps: for each element, the
 * character each line ends with (its last line aside; ' ' for a line that ends at a space), read
 * from where each character is drawn.
 */
async function lineEnds(page: Page, selector: string): Promise<{ text: string; ends: string[] }[]> {
  return page.evaluate((sel) => {
    const viewer = document.querySelector('tg-app')!.shadowRoot!.querySelector('tg-viewer')!.shadowRoot!;
    const roots: ParentNode[] = [viewer, ...[...viewer.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : []))];
    return roots.flatMap((root) =>
      [...root.querySelectorAll(sel)].map((el) => {
        // Each drawn character with the one after it in the text (a space at a line's end is not drawn).
        const chars: { ch: string; next: string; top: number }[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
          const text = t.textContent!;
          for (let k = 0; k < text.length; k++) {
            const r = document.createRange();
            r.setStart(t, k);
            r.setEnd(t, k + 1);
            const rect = [...r.getClientRects()].find((q) => q.width > 0);
            if (rect) chars.push({ ch: text[k], next: text[k + 1] ?? '', top: Math.round(rect.top) });
          }
        }
        // A line that ends before a space ends at the space.
        const ends = chars.filter((c, k) => k + 1 < chars.length && chars[k + 1].top > c.top + 2).map((c) => (c.next === ' ' ? ' ' : c.ch));
        return { text: el.textContent!, ends };
      }),
    );
  }, selector);
}

/** Pairs of nodes drawn one over the other on screen, as "a over b". */
async function overlapping(page: Page): Promise<string[]> {
  const list = await page.locator('tg-node').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.getAttribute('data-node-id')!, x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  const found: string[] = [];
  for (const [i, a] of list.entries()) {
    for (const b of list.slice(i + 1)) if (a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5) found.push(`${a.id} over ${b.id}`);
  }
  return found;
}

/** The map's label over the pinned side, spaces as read. */
async function pinnedLabel(page: Page): Promise<string> {
  return (await page.locator('tg-viewer tg-map-view .pinned-label').textContent())!.replace(/\u00a0/g, ' ').trim();
}

/** The pixels of one of the map's canvases ('pinned' or the current one), as a data URL. */
async function mapPixels(page: Page, which: 'pinned' | 'current'): Promise<string> {
  return page.locator(`tg-viewer tg-map-view canvas.${which === 'pinned' ? 'pinned' : 'map'}`).first().evaluate((c) => (c as HTMLCanvasElement).toDataURL());
}

/** The toolbar's unsaved mark: '●' or nothing. */
async function unsavedMark(page: Page): Promise<string> {
  return (await page.locator('tg-toolbar .dirty').textContent())?.trim() ?? '';
}

describe('small frictions', () => {
  const app = appPerTest();

  it('comes back without the unsaved mark after Ctrl+S and a reload, and with it after an edit and a reload', async () => {
    const page = app.s.page;
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
    expect(download.suggestedFilename()).toBe('default.json');
    expect(await unsavedMark(page)).toBe('');
    await page.reload();
    await waitForPreviews(page);
    // The draft holds the edit (the node is still bypassed) and knows the file has it too.
    expect(await page.evaluate(() => (window as never as { terrainGraph: { core: { node(id: string): { bypass?: boolean } } } }).terrainGraph.core.node('cont')!.bypass)).toBe(true);
    expect(await unsavedMark(page)).toBe('');
    // An edit after the save is unsaved, and stays so through a reload.
    await page.locator('tg-node[data-node-id="cont"] header .title').click();
    await page.keyboard.press('Control+b');
    await settle(page);
    expect(await unsavedMark(page)).toBe('●');
    await page.reload();
    await waitForPreviews(page);
    expect(await unsavedMark(page)).toBe('●');
  });

  it('keeps the pinned picture of the graph another recipe replaced, named after it, and brings it back live on undo', async () => {
    const page = app.s.page;
    const name = JSON.parse(readFileSync('graphs/default.json', 'utf8')).name as string;
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
    await page.locator('tg-viewer button', { hasText: 'Pin to compare' }).click();
    await settle(page);
    const pinned = await mapPixels(page, 'pinned');
    expect(await pinnedLabel(page)).toBe('Biomes · follows edits');
    await openRecipe(page, 'climate-atacama.json');
    await expect.poll(() => page.locator('tg-viewer h2[data-viewer-node]').getAttribute('data-viewer-node')).toBe('biomes');
    // The pinned half is still the default graph's Biomes, frozen and named after its graph;
    // the current half is Atacama's.
    expect(await pinnedLabel(page)).toBe(`Biomes · frozen of "${name}"`);
    expect(await page.locator('tg-viewer .pin-name').textContent()).toContain(`Biomes of "${name}" · out`);
    expect(await page.locator('tg-viewer input.freeze').isChecked()).toBe(true);
    expect(await mapPixels(page, 'pinned')).toBe(pinned);
    expect(await mapPixels(page, 'current')).not.toBe(pinned);
    await screenshot(page, 'frictions-compare-two-recipes');
    // At 1024 × 700 the label stays clear of "current", on two lines: the node and "frozen" whole
    // on the first, the graph's name on the second, which alone gives way.
    await page.setViewportSize({ width: 1024, height: 700 });
    await settle(page);
    const label = (await page.locator('tg-viewer tg-map-view .pinned-label').boundingBox())!;
    const current = (await page.locator('tg-viewer tg-map-view .current-label').boundingBox())!;
    expect(label.height).toBeLessThan(36);
    expect(label.x + label.width).toBeLessThanOrEqual(current.x);
    expect(await page.locator('tg-viewer tg-map-view .pinned-label').evaluate((el) => el.firstElementChild!.textContent)).toBe('Biomes\u00a0· frozen');
    await screenshot(page, 'frictions-compare-two-recipes-1024');
    await page.setViewportSize({ width: 1600, height: 1000 });
    await settle(page);
    // Undo the recipe: the pin is the open graph's again, live.
    await page.keyboard.press('Control+z');
    await waitForPreviews(page);
    expect(await pinnedLabel(page)).toBe('Biomes · follows edits');
    expect(await page.locator('tg-viewer input.freeze').isChecked()).toBe(false);
    expect(await mapPixels(page, 'pinned')).toBe(pinned);
  });

  it('wires a dropped wire into the first free input that takes it (else the first that takes it), one undo step, refused when none does', async () => {
    const page = app.s.page;
    const before = await wires(page);
    // Temperature has rank, coast and noise wired; cut coast's wire (click it, Delete).
    const cut = await wirePoint(page, 'coast.out>temperature.coast');
    await page.mouse.click(cut.x, cut.y);
    await page.keyboard.press('Delete');
    await settle(page);
    expect(await wires(page)).not.toContain('coast.out>temperature.coast');
    // The C curve's output (a value no input of Temperature is made for) dropped on Temperature's
    // body: its first free input, coast, not rank.
    await drag(page, await socketCenter(page, 'contCurve', 'output', 'out'), await bodyOf(page, 'temperature'));
    await settle(page);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    expect(await wires(page)).toContain('contCurve.out>temperature.coast');
    expect(await wires(page)).toContain('rank.out>temperature.rank');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await wires(page)).not.toContain('contCurve.out>temperature.coast');
    // A noise joins the input made for a noise (InputSpec.takes), in place of its wire, though
    // coast is free: a noise is no coast distance.
    await drag(page, await socketCenter(page, 'moistNoise', 'output', 'out'), await bodyOf(page, 'temperature'));
    await settle(page);
    expect(await wires(page)).toContain('moistNoise.out>temperature.noise');
    expect(await wires(page)).not.toContain('tempNoise.out>temperature.noise');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect(await wires(page)).toContain('tempNoise.out>temperature.noise');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await wires(page)).sort()).toEqual([...before].sort());
    // Every input of Height is fed: the wire replaces its first, base, in one undo step.
    await drag(page, await socketCenter(page, 'moistNoise', 'output', 'out'), await bodyOf(page, 'height'));
    await settle(page);
    expect(await wires(page)).toContain('moistNoise.out>height.base');
    expect(await wires(page)).not.toContain('contCurve.out>height.base');
    await page.keyboard.press('Control+z');
    await settle(page);
    expect((await wires(page)).sort()).toEqual([...before].sort());
    // A wire picked off Height's scale and let go over Height's body goes back: nothing to undo.
    await drag(page, await socketCenter(page, 'height', 'input', 'scale'), await bodyOf(page, 'height'));
    await settle(page);
    expect((await wires(page)).sort()).toEqual([...before].sort());
    expect(await page.locator('tg-toolbar button', { hasText: 'Undo' }).isDisabled()).toBe(true);
    // Biomes' output is a biome map: no input of Moisture takes it. Refused, nothing changes.
    await drag(page, await socketCenter(page, 'biomes', 'output', 'out'), await bodyOf(page, 'moisture'));
    await settle(page);
    await expect.poll(() => page.locator('tg-app .toast').textContent()).toMatch(/Wire refused: cannot wire Biomes \(biomes\)'s out \(biome\) to Moisture \(moisture\)'s noise/);
    expect(await page.locator('tg-node-menu').count()).toBe(0);
    expect((await wires(page)).sort()).toEqual([...before].sort());
  });

  it('lists the recipes by the names it shows, the default graph first', async () => {
    const page = app.s.page;
    const options = await page.locator('tg-toolbar select[aria-label="Recipes"] option').evaluateAll((els) =>
      els.filter((e) => (e as HTMLOptionElement).value).map((e) => ({ file: (e as HTMLOptionElement).value, name: e.textContent!.trim() })),
    );
    expect(options.length).toBe(readdirSync('graphs').filter((f) => f.endsWith('.json')).length);
    expect(options[0].file).toBe('default.json');
    const names = options.slice(1).map((o) => o.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare));
    // Archipelago (terrain-archipelago.json) comes first, not among the T's.
    expect(names[0]).toBe('Archipelago');
  });

  it('breaks no word of the Whittaker table, nor a saved file\'s name, at 1600 × 1000 and 1024 × 700', async () => {
    const page = app.s.page;
    for (const [width, height] of [[1600, 1000], [1024, 700]]) {
      await page.setViewportSize({ width, height });
      await settle(page);
      const names = await lineEnds(page, '.cell .name');
      expect(names.length).toBe(16);
      // A line of a biome's name ends at a space, never at a soft hyphen inside a word.
      for (const n of names) expect(n.ends.every((c) => c === ' '), `${n.text.replace(/\u00ad/g, '~')}: lines end with ${JSON.stringify(n.ends)}`).toBe(true);
      await page.locator('tg-viewer tg-biome-table').scrollIntoViewIfNeeded();
      await screenshot(page, `frictions-table-${width}`);
    }
    // The 16-bit PNG's name, "default.height.out.<min>_<max>.16.png", is longer than the note's line at
    // 1024 × 700: it wraps after a "." or "_", whole numbers either side.
    await page.locator('tg-node[data-node-id="height"] header .title').click();
    await settle(page);
    await Promise.all([page.waitForEvent('download'), page.locator('tg-viewer button[data-format="png16"]').click()]);
    await settle(page);
    const [note] = await lineEnds(page, '.exports .note');
    expect(note.text).toMatch(/^Saved default\.height\.out\.-?[\d.]+_[\d.]+\.16\.png · /);
    expect(note.ends.length).toBeGreaterThan(0);
    for (const c of note.ends) expect(' ._', `${note.text}: a line ends with ${JSON.stringify(c)}`).toContain(c);
    await page.locator('tg-viewer .exports').scrollIntoViewIfNeeded();
    await screenshot(page, 'frictions-note-1024');
  });

  it('expands every node of a shipped graph with Ctrl+A then H, none over another', async () => {
    const page = app.s.page;
    // The default, the largest climate graph and the one with a Flow node (the widest params card).
    for (const file of ['default.json', 'climate-kauai.json', 'rivers-from-the-rain.json']) {
      await page.locator('tg-toolbar select[aria-label="Recipes"]').selectOption(file);
      await waitForPreviews(page);
      await page.locator('tg-app .canvas').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+a');
      await page.keyboard.press('h');
      await settle(page);
      const collapsed = await page.evaluate(() => (window as never as { terrainGraph: { core: { graph: { nodes: { collapsed?: boolean }[] } } } }).terrainGraph.core.graph.nodes.filter((n) => n.collapsed).length);
      expect(collapsed, file).toBe(0);
      expect(await overlapping(page), file).toEqual([]);
    }
  });
});
