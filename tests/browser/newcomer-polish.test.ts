// Small frictions a newcomer's pass found (session 34), with the real mouse at 1600 × 1000 and
// 1024 × 700: the Recipes menu went back to "Recipes…" after a pick, so only the graph's name
// said which recipe was open; choosing an erosion's wear took the hill-shading row away and the
// map and the 3-D view jumped up 27 px; Carved valleys opened on its biomes, where nothing said
// the graph had an erosion that wants a world; and the Eroded valleys erosion's 3-D drew no sea
// with nothing on screen saying why.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drag, openRecipe, screenshot, settle, showInViewer, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

const recipesMenu = (page: Page) => page.locator('tg-toolbar select[aria-label="Recipes"]');

/** What the closed Recipes menu reads (its chosen option's words), and whether that option is listed when it opens. */
async function menuShows(page: Page): Promise<{ text: string; listed: boolean }> {
  return recipesMenu(page).evaluate((s: HTMLSelectElement) => ({ text: s.selectedOptions[0].textContent!.trim(), listed: !s.selectedOptions[0].hidden }));
}

/** The graph's undo label and selection, as the page holds them. */
async function editorState(page: Page): Promise<{ undo: string; selected: string[] }> {
  return page.evaluate(() => {
    const core = (window as unknown as { terrainGraph: { core: { undoLabel: string | null; selection: Set<string> } } }).terrainGraph.core;
    return { undo: core.undoLabel ?? '', selected: [...core.selection] };
  });
}

/** The viewer's map (or 3-D land) top edge, in page pixels. */
async function mainTop(page: Page, tab: 'map' | '3d'): Promise<number> {
  const box = await page.locator(tab === 'map' ? 'tg-viewer tg-map-view' : 'tg-viewer tg-terrain-3d').boundingBox();
  return box!.y;
}

/** Waits until the 3-D view has its heights in and has drawn a frame. */
async function land3d(page: Page): Promise<void> {
  await page.locator('tg-viewer .tab-3d').click();
  await page.locator('tg-terrain-3d button.home').waitFor();
  await page.waitForFunction(
    () => {
      const el = document.querySelector('tg-app')?.shadowRoot?.querySelector('tg-viewer')?.shadowRoot?.querySelector('tg-terrain-3d') as unknown as { scene: { frameMs: number[] } | null } | null;
      return !!el?.scene && el.scene.frameMs.length > 0 && !!(window as unknown as { terrainGraph: { viewer: { land: { relief: unknown } } } }).terrainGraph.viewer.land.relief;
    },
    undefined,
    { timeout: 60_000 },
  );
  await settle(page);
}

describe('a newcomer’s small frictions, smoothed', () => {
  for (const viewport of SIZES) {
    const size = `${viewport.width} × ${viewport.height}`;

    it(`the Recipes menu names the recipe open while the graph is that recipe unchanged, and opens it again when picked (${size})`, async () => {
      await withApp({ viewport }, async (page) => {
        await openRecipe(page, 'eroded-valleys.json');
        expect(await menuShows(page)).toEqual({ text: 'Eroded valleys', listed: false });
        expect(await recipesMenu(page).getAttribute('title')).toContain('Eroded valleys is open as shipped');
        await screenshot(page, `polish-recipe-open-${viewport.width}`);
        // A node moved with the mouse: the graph is no longer the recipe as shipped.
        const title = (await page.locator('tg-node[data-node-id="biomes"] header .title').boundingBox())!;
        const from = { x: title.x + 10, y: title.y + title.height / 2 };
        await drag(page, from, { x: from.x - 40, y: from.y + 30 });
        await settle(page);
        expect(await menuShows(page)).toEqual({ text: 'Recipes…', listed: true });
        // Undo brings the recipe back, and its name with it.
        await page.getByRole('button', { name: 'Undo' }).click();
        await settle(page);
        expect(await menuShows(page)).toEqual({ text: 'Eroded valleys', listed: false });
        // Picked again while it shows: it opens again (a new step; the selection emptied).
        await page.locator('tg-node[data-node-id="biomes"] header .title').click();
        expect((await editorState(page)).selected).toEqual(['biomes']);
        await recipesMenu(page).selectOption('eroded-valleys.json');
        await settle(page);
        expect(await editorState(page)).toEqual({ undo: 'open eroded-valleys.json', selected: [] });
        expect(await menuShows(page)).toEqual({ text: 'Eroded valleys', listed: false });
        // Another recipe: the menu follows.
        await openRecipe(page, 'carved-valleys.json');
        expect((await menuShows(page)).text).toBe('Valleys cut by the rain');
      });
    }, 180_000);

    it(`keeps the map and the 3-D view where they are when the erosion's output goes from its heights to its wear (${size})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await showInViewer(page, 'erosion');
        const port = page.locator('tg-viewer select.port');
        for (const tab of ['map', '3d'] as const) {
          if (tab === '3d') await land3d(page);
          await port.selectOption('out');
          await settle(page);
          const top = await mainTop(page, tab);
          await port.selectOption('wear');
          await settle(page);
          expect(await mainTop(page, tab), tab).toBe(top);
          // The switches stay, off and saying why.
          const shade = page.locator('tg-viewer .bar.style input[type="checkbox"]').first();
          expect(await shade.isDisabled()).toBe(true);
          expect(await shade.isChecked()).toBe(false);
          expect(await page.locator('tg-viewer .bar.style .why').innerText()).toBe('not heights');
          await screenshot(page, `polish-wear-${tab}-${viewport.width}`);
          await port.selectOption('out');
          await settle(page);
          expect(await mainTop(page, tab), tab).toBe(top);
          expect(await shade.isDisabled()).toBe(false);
          expect(await shade.isChecked()).toBe(true);
        }
        // A terrain's row, with its tints, stays too: the Fluvial erosion's land and its cut.
        await openRecipe(page, 'carved-valleys.json');
        await showInViewer(page, 'valleys');
        await page.locator('tg-viewer .tab-map').click();
        await port.selectOption('terrain');
        await settle(page);
        const top = await mainTop(page, 'map');
        await port.selectOption('cut');
        await settle(page);
        expect(await mainTop(page, 'map')).toBe(top);
        expect(await page.locator('tg-viewer .bar.style .seg button').first().isDisabled()).toBe(true);
        await screenshot(page, `polish-cut-map-${viewport.width}`);
      });
    }, 180_000);

    it(`points from an output that depends on no erosion to the graph's erosion, which gives it a world (${size})`, async () => {
      await withApp({ viewport, recipe: 'carved-valleys.json' }, async (page) => {
        // The recipe opens on its biomes, which do not depend on the Fluvial erosion; the rivers drawn over them do.
        await page.locator('tg-viewer h2[data-viewer-node="biomes"]').waitFor();
        const hint = page.locator('tg-viewer .grid-hint');
        await expect.poll(() => hint.count()).toBe(1);
        expect(await hint.innerText()).toBe(
          'Fluvial erosion runs on the whole view: a pan runs it again, and the rivers & lakes drawn over this map may come out different (this output does not depend on it). Show it to give the graph a world.',
        );
        expect(await page.locator('tg-viewer .grid-note button.world-set').count()).toBe(0);
        await screenshot(page, `polish-hint-${viewport.width}`);
        // The name is a link to the node: the viewer shows it, with its note and the world's button.
        const link = (await hint.locator('button.hint-node').boundingBox())!;
        await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
        await page.locator('tg-viewer h2[data-viewer-node="valleys"]').waitFor();
        await page.locator('tg-viewer .grid-note button.world-set').waitFor();
        expect(await hint.count()).toBe(0);
        // A graph without erosion or flow says nothing of it.
        await openRecipe(page, 'default.json');
        await showInViewer(page, 'biomes');
        expect(await page.locator('tg-viewer .grid-note, tg-viewer .grid-hint').count()).toBe(0);
      });
    }, 180_000);

    it(`says in the 3-D view why the erosion's land has no sea: its water level comes after it (${size})`, async () => {
      await withApp({ viewport, recipe: 'eroded-valleys.json' }, async (page) => {
        await showInViewer(page, 'erosion');
        await land3d(page);
        const sea = page.locator('tg-terrain-3d .sea');
        await expect.poll(() => sea.count()).toBe(1);
        expect(await sea.innerText()).toBe('No sea: the sea level is set downstream, in Water level');
        // Within the land's frame, clear of its bottom half.
        const frame = (await page.locator('tg-terrain-3d .frame').boundingBox())!;
        const box = (await sea.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
        expect(box.y + box.height).toBeLessThan(frame.y + frame.height / 2);
        await screenshot(page, `polish-no-sea-${viewport.width}`);
        // The water level's own land has its sea, and says nothing.
        await showInViewer(page, 'water');
        await settle(page);
        await expect.poll(() => sea.count()).toBe(0);
      });
    }, 180_000);
  }
});
