// What a Gaea and World Machine user's first hour building a terrain from scratch found
// (session 36: noise → curve → erosion → water → wind → moisture → rivers → 3-D → tiles), with
// the real mouse and keyboard at 1600 × 1000 and 1024 × 700.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drag, emptyCanvas, params, screenshot, settle, showInViewer, showParams, socketCenter, waitForPreviews, wires, withApp } from './harness.ts';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1024, height: 700 },
];

describe("a wire's palette", () => {
  for (const viewport of SIZES) {
    it(`joins the wind's air to a new Moisture's air input, not its first (noise) (${viewport.width} × ${viewport.height})`, async () => {
      // From the Wind's output dropped on empty canvas, "moisture" typed and Enter: the Moisture
      // added took the air on its noise input (the first listed, "Moisture · noise"), its map
      // stayed flat however the wind blew, and nothing said why.
      await withApp({ viewport }, async (page) => {
        await drag(page, await socketCenter(page, 'wind', 'output', 'out'), await emptyCanvas(page));
        await page.locator('tg-node-menu input').waitFor();
        await page.keyboard.type('moisture');
        await screenshot(page, `newcomer-scratch-palette-${viewport.width}`);
        await page.keyboard.press('Enter');
        await waitForPreviews(page);
        await settle(page);
        const added = (await wires(page)).filter((w) => w.startsWith('wind.out>') && !w.endsWith('>moisture.air'));
        expect(added).toEqual(['wind.out>moisture2.air']);
      });
    });
  }
});

describe('a param its node reads only with an input wired', () => {
  for (const viewport of SIZES) {
    it(`is dimmed while that input has no wire, its label saying so: the wind's rain on slopes without a land rank (${viewport.width} × ${viewport.height})`, async () => {
      // A Wind added from the water's terrain has no rank: "rain on slopes", the rain-shadow
      // lever, then changes nothing (the air never climbs), and its slider said nothing of it.
      await withApp({ viewport }, async (page) => {
        const unused = (id: string) => page.locator(`tg-node[data-node-id="${id}"] tg-param`).evaluateAll((ps) => ps.filter((p) => p.hasAttribute('unused')).map((p) => p.getAttribute('name')));
        await showParams(page, 'wind');
        expect(await unused('wind')).toEqual([]);
        // The rank's wire picked off the wind's input and let go on empty canvas, the palette
        // that opens closed with Escape: the wire stays cut.
        await drag(page, await socketCenter(page, 'wind', 'input', 'rank'), await emptyCanvas(page));
        await page.locator('tg-node-menu input').waitFor();
        await page.keyboard.press('Escape');
        await settle(page);
        expect(await wires(page)).not.toContain('rank.out>wind.rank');
        await showParams(page, 'wind');
        await expect.poll(() => unused('wind')).toEqual(['lift']);
        expect(await page.locator('tg-node[data-node-id="wind"] tg-param[name="lift"] label').getAttribute('title')).toContain('Not read now: it applies with rank wired');
        await screenshot(page, `newcomer-scratch-lift-unused-${viewport.width}`);
        // Undone, the wire is back and so is the slider.
        await page.keyboard.press('Control+z');
        await settle(page);
        expect(await wires(page)).toContain('rank.out>wind.rank');
        await showParams(page, 'wind');
        await expect.poll(() => unused('wind')).toEqual([]);
      });
    });
  }
});

describe("a rivers map's legend", () => {
  for (const viewport of SIZES) {
    it(`says the rivers' small share to a tenth, beside the land without rivers and the sea, the three summing to 100 % (${viewport.width} × ${viewport.height})`, async () => {
      // A flow at a river area few cells reach: "river 0.3 %" over "no river 100 %", which no
      // map with a river on it holds; the rounding took the tenth that the rivers are. Since the
      // rivers map draws the flow's sea as sea (its own row), "no river" is the land without
      // rivers; a share near 100 % is read to a tenth too (tests/histogram-share.test.ts).
      await withApp({ viewport, recipe: 'rivers-from-the-rain.json' }, async (page) => {
        await showInViewer(page, 'rivers');
        await page.locator('tg-viewer select.port').selectOption('rivers');
        await showParams(page, 'rivers');
        const area = page.locator('tg-node[data-node-id="rivers"] tg-param[name="riverArea"] input[type="number"]');
        await area.click();
        await page.keyboard.press('Control+a');
        await page.keyboard.type('40');
        await page.keyboard.press('Enter');
        await settle(page);
        expect((await params(page, 'rivers')).riverArea).toBe(40);
        const rows = page.locator('tg-viewer tg-histogram [data-kind="mask"] .row');
        await expect.poll(() => rows.count()).toBe(3);
        const share = async (name: string) => Number((await page.locator(`tg-viewer tg-histogram [data-kind="mask"] .row[data-name="${name}"] .share`).innerText()).replace(/[^\d.]/g, ''));
        const river = await share('river');
        const dry = await share('no river');
        const sea = await share('sea');
        expect(river, `river ${river} %, no river ${dry} %, sea ${sea} %`).toBeGreaterThan(0);
        expect(river).toBeLessThan(1);
        expect(sea).toBeGreaterThan(0);
        expect(Math.abs(river + dry + sea - 100)).toBeLessThan(1.01);
        await rows.first().evaluate((r) => r.scrollIntoView({ block: 'center' }));
        await screenshot(page, `newcomer-scratch-river-share-${viewport.width}`);
      });
    }, 120_000);
  }
});
