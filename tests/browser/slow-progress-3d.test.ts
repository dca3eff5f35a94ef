// A slow evaluation seen from the 3-D view: the map's foot named the node the worker ran and for
// how long, but the 3-D tab hides the map, and a world given to eroded-valleys there showed only
// "updating…" for seconds. The land's foot now says the same as the map's would, on one line,
// clear of the captions and badge along its top, and it goes with the answer. The viewer's own
// requests (the land's heights, a drag's frames) say nothing of their own: the heights are read
// from the editor's results, and a drag's frames are sized to come quickly. With the real mouse,
// at 1600 × 1000 and 1024 × 700.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type Box, overlaps, settle, showInViewer, withApp } from './harness.ts';

const SHOTS = 'tests/screenshots';

/** The 3-D view's status at one frame, and what lies around it. */
interface Look {
  line: string;
  title: string | null;
  box: Box;
  land: Box;
  top: [string, Box | null][];
}

/** One look in the page: the status and the land at this frame, or null while the line names no node on the world. */
function lookAtStatus(page: Page): Promise<Look | null> {
  return page.evaluate(() => {
    const find = (root: ParentNode, sel: string): Element | null => {
      const hit = root.querySelector(sel);
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) {
        const inner = el.shadowRoot && find(el.shadowRoot, sel);
        if (inner) return inner;
      }
      return null;
    };
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      if (!r || r.width === 0 || r.height === 0) return null;
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const view = find(document, 'tg-terrain-3d')?.shadowRoot;
    const status = view?.querySelector('tg-slow-status:not([idle])');
    const line = status && find(status.shadowRoot ?? status, '.line')?.textContent;
    if (!view || !status || !line || !/\u00a0on the world…\u00a0\d+(\.\d)?\u00a0s/.test(line)) return null;
    return {
      line,
      title: status.getAttribute('title'),
      box: box(status)!,
      land: box(find(view, '.frame'))!,
      top: ['.source', '.sea', '.badge'].map((sel) => [sel, box(find(view, sel))] as [string, Box | null]),
    };
  });
}

for (const [width, height] of [
  [1600, 1000],
  [1024, 700],
] as const) {
  it(`names the erosion running on the world at the 3-D land's foot, and takes it away with the answer (${width} × ${height})`, async () => {
    await withApp({ viewport: { width, height }, recipe: 'eroded-valleys.json' }, async (page) => {
      await showInViewer(page, 'erosion');
      const tab = (await page.locator('tg-viewer button', { hasText: '3-D' }).boundingBox())!;
      await page.mouse.click(tab.x + tab.width / 2, tab.y + tab.height / 2);
      await page.locator('tg-terrain-3d .exaggeration').waitFor();
      await settle(page);
      const status = page.locator('tg-terrain-3d tg-slow-status:not([idle])');
      expect(await status.count()).toBe(0);

      const give = (await page.locator('tg-viewer .grid-note button.world-set').boundingBox())!;
      await page.mouse.click(give.x + give.width / 2, give.y + give.height / 2);
      await status.waitFor({ timeout: 20_000 });
      // What shows: the line (the host's own text is its live region's, unseen). Everything is
      // read in one look in the page, at a frame where the line names a node on the world: the
      // evaluation may end at any moment, and a look per round trip read a status already gone.
      let seen: Look | null = null;
      await expect.poll(async () => (seen = await lookAtStatus(page)) !== null, { timeout: 20_000, interval: 16 }).toBe(true);
      const { box, land, title, top } = seen!;
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/s35-status-3d-computing-${width}.png` });
      // Along the land's foot, whole inside it, one line.
      expect(box.x).toBeGreaterThanOrEqual(land.x);
      expect(box.x + box.width).toBeLessThanOrEqual(land.x + land.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(land.y + land.height + 0.5);
      expect(box.y).toBeGreaterThan(land.y + land.height / 2);
      expect(box.height).toBeLessThan(30);
      // Clear of what the land's top says (where its heights come from, no sea, updating…).
      expect(top.some(([, other]) => other !== null)).toBe(true);
      for (const [sel, other] of top) if (other) expect(overlaps(box, other), sel).toBe(false);
      expect(title).toMatch(/^.+ on .+ \(.*\d+² cells\)…$/);

      await settle(page);
      expect(await status.count()).toBe(0);
    });
  }, 180_000);
}
